import { LatchError } from '@latch/protocol';
import { errors, type JWTVerifyGetKey, jwtVerify } from 'jose';

/** What a verified access token says. */
export interface VerifiedAccessToken {
  /** The user's DID (`did:latch:<id>`), equal to WireUser.id. */
  userId: string;
  /** The session the token belongs to. */
  sessionId: string;
  /** The app the token was issued for (its audience). */
  appId: string;
  /** Who issued it: the Latch server's public URL. */
  issuer: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  /** Seconds since the epoch. */
  expiration: number;
}

/** How tokens are verified. */
interface AccessTokenOptions {
  appId: string;
  /** The server's public URL (LATCH_PUBLIC_URL): the tokens' `iss`. */
  issuer: string;
  /** Seconds of clock difference tolerated on `exp`, `iat` and `nbf`. */
  clockToleranceSeconds: number;
  /** The app's keys (appJwks: fetched from the server, cached). */
  jwks: JWTVerifyGetKey;
}

const DID_PREFIX = 'did:latch:';
// Latch's tokens are a few hundred bytes; anything this large is not one of them.
const MAX_TOKEN_LENGTH = 8 * 1024;

const invalid = (message: string, cause?: unknown) => new LatchError('missing_or_invalid_token', message, { cause });

/** True for jose's errors about the token itself (as opposed to fetching the keys). */
export function isTokenError(error: unknown): boolean {
  return (
    error instanceof errors.JWTClaimValidationFailed ||
    error instanceof errors.JWTExpired ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  );
}

/**
 * Builds `verifyAccessToken`: header `typ` JWT, ES256 only, signed by a key of the app's JWKS (appJwks), `aud` = the app id, `iss` = the
 * server's public URL, `exp`/`iat` within the clock tolerance. Stateless: a token of a session revoked
 * since it was issued verifies until it expires (the app's access-token TTL); `getUser` asks the server.
 */
export function accessTokenVerifier(options: AccessTokenOptions): (token: string) => Promise<VerifiedAccessToken> {
  return async (token) => {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH)
      throw invalid('The access token is missing or malformed.');
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token.replace(/^Bearer /, ''), options.jwks, {
        algorithms: ['ES256'],
        // An access token's header says JWT; an identity token's says IDENTITY_TOKEN.typ and is refused here.
        typ: 'JWT',
        audience: options.appId,
        issuer: options.issuer,
        clockTolerance: options.clockToleranceSeconds,
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw invalid('The access token has expired.', error);
      if (isTokenError(error)) throw invalid('The access token is invalid for this app.', error);
      throw new LatchError('client_network_error', 'The app’s signing keys could not be fetched from Latch.', {
        cause: error,
      });
    }
    const { sub, sid, iat, exp, iss } = payload;
    if (typeof sub !== 'string' || !sub.startsWith(DID_PREFIX) || typeof sid !== 'string')
      throw invalid('The access token is invalid for this app.');
    if ((iat as number) > Date.now() / 1000 + options.clockToleranceSeconds)
      throw invalid('The access token was issued in the future.');
    return {
      userId: sub,
      sessionId: sid,
      appId: options.appId,
      issuer: iss as string,
      issuedAt: iat as number,
      expiration: exp as number,
    };
  };
}
