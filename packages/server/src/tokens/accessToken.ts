import { sign } from 'node:crypto';
import { LatchError, userDid } from '@latch/protocol';
import { decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import type { AppRecord } from '../apps/appStore.js';
import type { ServerContext } from '../context.js';

/** The claims Latch puts in an access token. */
export interface AccessClaims {
  appId: string;
  userId: string;
  sessionId: string;
  expiresAt: number;
}

const DID_PREFIX = userDid('');

const base64urlJson = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs an ES256 access token: aud = app id, iss = public URL, sub = user DID, sid, iat, exp. The
 * compact JWS is assembled here and signed with node:crypto (ECDSA P-256 over SHA-256, the signature
 * in JOSE's raw r‖s form), synchronously: no WebCrypto job per token. jose verifies it like any other.
 */
export async function signAccessToken(
  ctx: Pick<ServerContext, 'keys' | 'clock' | 'settings'>,
  app: AppRecord,
  userId: string,
  sessionId: string,
): Promise<string> {
  const key = await ctx.keys.activeKey(app.id);
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  const header = base64urlJson({ alg: 'ES256', typ: 'JWT', kid: key.kid });
  const payload = base64urlJson({
    sid: sessionId,
    iss: ctx.settings.publicUrl,
    aud: app.id,
    sub: userDid(userId),
    iat,
    exp: iat + app.accessTokenTtlSeconds,
  });
  const signingInput = `${header}.${payload}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key: key.signingKey, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

const invalid = () => new LatchError('missing_or_invalid_token');

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
 * Verifies an access token against the app's own keys: ES256 only (no `none`), right audience and
 * issuer, not expired. Throws `missing_or_invalid_token` otherwise. Session revocation is the caller's check.
 */
export async function verifyAccessToken(
  ctx: Pick<ServerContext, 'keys' | 'clock' | 'settings'>,
  appId: string,
  token: string,
): Promise<AccessClaims> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'ES256' || typeof header.kid !== 'string') throw invalid();
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
    return { appId, userId: sub.slice(DID_PREFIX.length), sessionId: payload.sid, expiresAt: payload.exp };
  } catch (error) {
    if (error instanceof LatchError || error instanceof joseErrors.JOSEError) throw invalid();
    throw error;
  }
}
