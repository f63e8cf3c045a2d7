import { LatchError, userDid } from '@latch/protocol';
import { base64url, decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import type { ServerContext } from '../../kernel/context.js';
import type { AppRecord } from '../apps/appStore.js';
import { isLowS } from './lowS.js';
import { signEs256Jws } from './signEs256Jws.js';

/** The claims Latch puts in an access token. */
export interface AccessClaims {
  appId: string;
  userId: string;
  sessionId: string;
  expiresAt: number;
}

const DID_PREFIX = userDid('');

/** How far in the future a token's `iat` may be (clock skew between servers) before it is refused. */
export const MAX_IAT_SKEW_SECONDS = 60;

/** Options of `signAccessToken`. */
interface SignOptions {
  /** The token expires at this time (seconds since the epoch) at the latest, e.g. its session family's end. */
  notAfter?: number;
}

/** The JWT header `typ` of an access token (an identity token's is IDENTITY_TOKEN.typ: never accepted here). */
const ACCESS_TOKEN_TYP = 'JWT';

/** Signs an ES256 access token (signEs256Jws): aud = app id, iss = public URL, sub = user DID, sid, iat, exp. */
export async function signAccessToken(
  ctx: Pick<ServerContext, 'keys' | 'clock' | 'settings'>,
  app: AppRecord,
  userId: string,
  sessionId: string,
  options: SignOptions = {},
): Promise<string> {
  const key = await ctx.keys.activeKey(app.id);
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  return signEs256Jws(key, ACCESS_TOKEN_TYP, {
    sid: sessionId,
    iss: ctx.settings.publicUrl,
    aud: app.id,
    sub: userDid(userId),
    iat,
    exp: Math.min(iat + app.accessTokenTtlSeconds, options.notAfter ?? Number.POSITIVE_INFINITY),
  });
}

const invalid = () => new LatchError('missing_or_invalid_token');

/** True when every part is canonical base64url: no padding, no `+/`, no stray bits in the last character. */
function canonicalParts(token: string): boolean {
  const parts = token.split('.');
  const canonical = (part: string) => {
    try {
      return /^[A-Za-z0-9_-]+$/.test(part) && base64url.encode(base64url.decode(part)) === part;
    } catch {
      // jose throws on a length no encoding has (one character past a multiple of four).
      return false;
    }
  };
  return parts.length === 3 && parts.every(canonical);
}

/** True when the signature part is a well-formed low-S ES256 signature (r‖s, 64 bytes, s ≤ n/2). */
function lowSSignature(token: string): boolean {
  try {
    const bytes = base64url.decode(token.slice(token.lastIndexOf('.') + 1));
    return isLowS(bytes);
  } catch {
    return false;
  }
}

/** The audience a token claims, read without verifying (only to pick which app's keys verify it). */
export function unverifiedAudience(token: string): string | undefined {
  try {
    const aud = decodeJwt(token).aud;
    return typeof aud === 'string' ? aud : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies an access token against the app's own keys: canonical base64url, `typ` JWT, ES256 only (no
 * `none`) with a low-S signature, right audience and issuer, not expired, `iat` not in the future
 * beyond MAX_IAT_SKEW_SECONDS. Throws `missing_or_invalid_token` otherwise. Session revocation is the
 * caller's check.
 */
export async function verifyAccessToken(
  ctx: Pick<ServerContext, 'keys' | 'clock' | 'settings'>,
  appId: string,
  token: string,
): Promise<AccessClaims> {
  // One token, one spelling: every other encoding of the same signature is refused before any key work.
  if (!canonicalParts(token) || !lowSSignature(token)) throw invalid();
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'ES256' || header.typ !== ACCESS_TOKEN_TYP || typeof header.kid !== 'string') throw invalid();
    kid = header.kid;
  } catch {
    throw invalid();
  }
  const key = await ctx.keys.verificationKey(appId, kid);
  if (!key) throw invalid();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['ES256'],
      audience: appId,
      issuer: ctx.settings.publicUrl,
      currentDate: ctx.clock.now(),
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    const sub = payload.sub ?? '';
    if (!sub.startsWith(DID_PREFIX) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      throw invalid();
    // jose checks `iat` is a number; a token from the future (beyond clock skew) was not signed by us now.
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    if (typeof payload.iat !== 'number' || payload.iat > now + MAX_IAT_SKEW_SECONDS) throw invalid();
    return { appId, userId: sub.slice(DID_PREFIX.length), sessionId: payload.sid, expiresAt: payload.exp };
  } catch (error) {
    if (error instanceof LatchError || error instanceof joseErrors.JOSEError) throw invalid();
    throw error;
  }
}
