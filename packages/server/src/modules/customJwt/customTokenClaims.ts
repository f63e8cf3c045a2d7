import { createHash } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import type { JWTPayload } from 'jose';
import type { DurableCounters } from '../../kernel/kv/DurableCounters.js';

/**
 * The longest a custom auth token may live (`exp` − `iat`): a token is a login, so one that leaks (a log, a
 * proxy, a compromised host backend) must stop working soon; ten minutes covers a slow page and clock skew.
 */
export const MAX_CUSTOM_TOKEN_LIFETIME_SEC = 10 * 60;

/** A `jti` longer than this is refused (it is remembered until the token expires). */
const MAX_CUSTOM_TOKEN_ID_LENGTH = 256;

const refuse = (message: string) => new LatchError('invalid_custom_token', message);

/** Refuses a token whose `exp` − `iat` exceeds MAX_CUSTOM_TOKEN_LIFETIME_SEC (jose checked both are numbers). */
export function assertShortLived(payload: JWTPayload): void {
  const { iat, exp } = payload;
  if (typeof iat !== 'number' || typeof exp !== 'number' || exp - iat > MAX_CUSTOM_TOKEN_LIFETIME_SEC) {
    throw refuse(
      `The custom auth token lives too long: "exp" − "iat" must be at most ${MAX_CUSTOM_TOKEN_LIFETIME_SEC} seconds.`,
    );
  }
}

/**
 * Spends the token's `jti` (atomically: of two concurrent uses exactly one counts first) and refuses a second
 * use. The id is remembered per app and issuer until the token's `exp` (plus the clock tolerance), in the
 * durable counters: a restart must not make a used token new again.
 */
export async function spendTokenId(
  counters: DurableCounters,
  scope: { appId: string; issuer: string },
  payload: JWTPayload,
  nowMs: number,
  toleranceSec: number,
): Promise<void> {
  const { jti, exp } = payload;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > MAX_CUSTOM_TOKEN_ID_LENGTH) {
    throw refuse(`The custom auth token's "jti" must be a string of 1 to ${MAX_CUSTOM_TOKEN_ID_LENGTH} characters.`);
  }
  const digest = createHash('sha256')
    .update(JSON.stringify([scope.appId, scope.issuer, jti]))
    .digest('base64url');
  const ttlMs = Math.max(1000, ((exp as number) + toleranceSec) * 1000 - nowMs);
  const { count } = await counters.increment(`custom-jti:${digest}`, 1, ttlMs);
  if (count > 1) throw refuse('The custom auth token has already been used ("jti" seen before).');
}

/** Longest email address kept from a token (RFC 5321's path limit, as the allowlist's entries). */
const MAX_EMAIL_LENGTH = 320;

/**
 * The token's `email` when it also says `email_verified: true` (OpenID Connect's claims: the host's backend
 * vouches for it), for the allowlist (docs/telegram-and-custom-token.md); else null. Never an unverified one.
 */
export function verifiedEmailOf(payload: JWTPayload): string | null {
  const { email, email_verified: verified } = payload;
  if (verified !== true || typeof email !== 'string') return null;
  const address = email.trim().toLowerCase();
  return address.includes('@') && address.length <= MAX_EMAIL_LENGTH ? address : null;
}
