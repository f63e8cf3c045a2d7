import { LatchError, type TokenResponse } from '@latch/protocol';
import type { ServerContext } from '../../kernel/context.js';
import { verifierMatches } from '../../kernel/crypto/verifierMatches.js';
import { OneTimeSecrets } from '../../kernel/kv/OneTimeSecrets.js';
import type { AppRecord } from '../apps/appStore.js';
import { getUser } from '../users/userRecords.js';
import type { RefreshContext } from './refreshTokens.js';
import { grant, rotate, type SessionsContext, startSession } from './sessions.js';

// A session hand-off (docs/client.md "Session hand-off"): what travels in a URL is a one-time code, never a
// session token. The fork asks for it with the S256 challenge of a verifier the starting tab keeps; the
// redemption (the second refresh path, SPEC §7) needs the code, the verifier and the same app, once, within
// HAND_OFF_TTL_MS. The code is a one-time secret (OneTimeSecrets: stored as its hash with the fork to start), so
// nothing in the store is a credential.

/** How long a hand-off code can be redeemed: a page load away, not a link to keep. */
export const HAND_OFF_TTL_MS = 120_000;

type HandOffContext = SessionsContext & RefreshContext & Pick<ServerContext, 'shortLived'>;

/** What the store keeps under the code's hash: whose fork to start, and what redeeming it needs. */
interface StoredHandOff {
  appId: string;
  userId: string;
  parentSessionId: string;
  family: { id: string; startedAt: number; expiresAt: number };
  challenge: string;
  expiresAt: number;
}

const handOffCodes = (ctx: HandOffContext) =>
  new OneTimeSecrets<StoredHandOff>(ctx.shortLived, 'session-hand-off', () => ctx.clock.now().getTime());
const refused = () => new LatchError('invalid_hand_off');

/**
 * Forks like `forkSession` (the presented refresh token rotates), but the fork starts only when the returned
 * `hand_off_code` is redeemed: the response carries that code instead of `new_session_refresh_token`.
 */
export async function startHandOff(
  ctx: HandOffContext,
  appId: string | undefined,
  refreshToken: string,
  challenge: string,
): Promise<TokenResponse> {
  const { rotation, response } = await rotate(ctx, appId, refreshToken);
  const { app, user, sessionId, family } = rotation;
  const code = await handOffCodes(ctx).mint(
    {
      appId: app.id,
      userId: user.user.id,
      parentSessionId: sessionId,
      family: { id: family.id, startedAt: family.startedAt.getTime(), expiresAt: family.expiresAt.getTime() },
      challenge,
    },
    HAND_OFF_TTL_MS,
  );
  return { ...response, hand_off_code: code, hand_off_expires_in: HAND_OFF_TTL_MS / 1000 };
}

/**
 * Redeems a hand-off code for `app` (the request's named app): spent on the first attempt whatever its outcome,
 * so a thief without the verifier cannot try twice. Starts the fork in the parent's family (refused when the
 * parent was revoked meanwhile) and answers as a login of it.
 */
export async function redeemHandOff(
  ctx: HandOffContext,
  app: AppRecord,
  code: string,
  verifier: string | undefined,
): Promise<TokenResponse> {
  const stored = await handOffCodes(ctx).take(code);
  if (stored === null || stored.family.expiresAt <= ctx.clock.now().getTime()) throw refused();
  if (stored.appId !== app.id) throw refused();
  if (verifier === undefined || !verifierMatches(verifier, stored.challenge)) throw refused();
  const user = await getUser(ctx, app.id, stored.userId);
  if (!user) throw refused();
  const family = {
    id: stored.family.id,
    startedAt: new Date(stored.family.startedAt),
    expiresAt: new Date(stored.family.expiresAt),
  };
  const forkOf = { parentSessionId: stored.parentSessionId, family };
  // startFork refuses a parent revoked meanwhile (logout, reuse): that is this code's refusal; anything else is not.
  const fork = await startSession(ctx, app, user.user.id, forkOf).catch((error: unknown) => {
    throw error instanceof LatchError && error.code === 'missing_or_invalid_token' ? refused() : error;
  });
  const notAfter = Math.floor(stored.family.expiresAt / 1000);
  return {
    ...(await grant(ctx, app, user, fork.sessionId, notAfter)),
    refresh_token: fork.refreshToken,
    is_new_user: false,
    session_update_action: 'set',
  };
}
