import { LatchError } from '@latch/protocol';
import type { LatchStorage } from '../storage.js';

/**
 * How long a pending session hand-off waits for its token (docs/client.md "The session token and login CSRF"):
 * long enough for a round trip through another page, short enough that a forgotten marker is no open door.
 */
export const SESSION_HANDOFF_TTL_MS = 10 * 60 * 1000;

/** The sessionStorage key of an app's pending hand-off (per tab: a link opened in a new tab has none). */
export const sessionHandOffKey = (appId: string): string => `latch:${appId}:session_handoff`;

/** The tab's sessionStorage as LatchStorage, or null where there is none. */
function tabStorage(): LatchStorage | null {
  const session = globalThis.sessionStorage;
  if (!session) return null;
  return {
    get: (key) => session.getItem(key),
    set: (key, value) => session.setItem(key, value),
    remove: (key) => session.removeItem(key),
  };
}

/**
 * Marks this tab as waiting for a session token in the address (the `latch_token` return parameter): call it
 * before leaving for the flow that comes back with one. Without it, or over an existing session, the client's
 * `init()` ignores the token (login CSRF, docs/client.md). `storage` defaults to the tab's sessionStorage (the
 * client's `oauthBrowser.sessionStorage` must be the same one).
 */
export function expectSessionToken(appId: string, storage: LatchStorage | null = tabStorage(), now = Date.now()): void {
  if (storage === null) throw new LatchError('unknown_auth_error', 'A session hand-off needs sessionStorage.');
  storage.set(sessionHandOffKey(appId), String(now + SESSION_HANDOFF_TTL_MS));
}
