import type { Clock, Latch } from '@latch/core';
import { TIMEOUT } from '@latch/protocol';

/** The `exp` claim of a JWT in milliseconds (read, not verified: only to know when to ask again), or null. */
function expiresAtMs(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const exp: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Follows the identity token for `useIdentityToken`: asks `latch.getIdentityToken()` now, whenever the user
 * changes (login, logout, a link or unlink, another tab), and again when the token nears its expiry (the core
 * then refreshes). Calls `onToken` with each answer; returns the function that stops following.
 */
export function watchIdentityToken(
  latch: Pick<Latch, 'client' | 'getIdentityToken'>,
  onToken: (token: string | null) => void,
  clock: Clock,
): () => void {
  let live = true;
  let timer: unknown;
  let user = latch.client.getState().user;
  const load = () => {
    clock.clearTimeout(timer);
    latch.getIdentityToken().then(
      (token) => {
        if (!live) return;
        onToken(token);
        const expiresAt = token === null ? null : expiresAtMs(token);
        // The core counts a token expired TIMEOUT.tokenExpiryMargin early: ask just after that point.
        if (expiresAt !== null)
          timer = clock.setTimeout(load, Math.max(expiresAt - TIMEOUT.tokenExpiryMargin - clock.now() + 1, 0));
      },
      // A refresh that failed on the network keeps the last answer; the next user change asks again.
      () => undefined,
    );
  };
  const unsubscribe = latch.client.subscribe(() => {
    const next = latch.client.getState().user;
    if (next === user) return;
    user = next;
    load();
  });
  load();
  return () => {
    live = false;
    clock.clearTimeout(timer);
    unsubscribe();
  };
}
