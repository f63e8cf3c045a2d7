import { IDENTITY_TOKEN, LatchError, type WireLinkedAccount } from '@latch/protocol';
import { errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { isTokenError } from './accessTokens.js';

/** What a verified identity token says. */
export interface VerifiedIdentityToken {
  /** The user's DID (`did:latch:<id>`), equal to WireUser.id and to an access token's userId. */
  userId: string;
  /** The user's linked accounts when the token was issued (the WireUser shape: email, phone, wallets, …). */
  linkedAccounts: WireLinkedAccount[];
  /** Seconds since the epoch. */
  issuedAt: number;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** How identity tokens are verified: the access tokens' JWKS (one cache for both) and checks. */
interface IdentityTokenOptions {
  appId: string;
  issuer: string;
  clockToleranceSeconds: number;
  jwks: JWTVerifyGetKey;
}

const DID_PREFIX = 'did:latch:';
// The accounts make it larger than an access token; a user with every kind of account stays far below this.
const MAX_TOKEN_LENGTH = 64 * 1024;

const invalid = (message: string, cause?: unknown) => new LatchError('missing_or_invalid_token', message, { cause });

/** The `linked_accounts` claim as accounts, or null when it is not a JSON array of typed objects. */
function linkedAccounts(claim: unknown): WireLinkedAccount[] | null {
  if (typeof claim !== 'string') return null;
  try {
    const accounts: unknown = JSON.parse(claim);
    const typed = (a: unknown) =>
      typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string';
    return Array.isArray(accounts) && accounts.every(typed) ? (accounts as WireLinkedAccount[]) : null;
  } catch {
    return null;
  }
}

/**
 * Builds `verifyIdentityToken`: the JWT header `typ` must be IDENTITY_TOKEN.typ (an access token is refused, and
 * verifyAccessToken refuses this one), ES256 by a key of the app's JWKS (the same cached set as access tokens: no
 * other call), `aud` = the app id, `iss` = the server's public URL, `exp`/`iat` within the clock tolerance.
 */
export function identityTokenVerifier(
  options: IdentityTokenOptions,
): (token: string) => Promise<VerifiedIdentityToken> {
  return async (token) => {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH)
      throw invalid('The identity token is missing or malformed.');
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, options.jwks, {
        algorithms: ['ES256'],
        typ: IDENTITY_TOKEN.typ,
        audience: options.appId,
        issuer: options.issuer,
        clockTolerance: options.clockToleranceSeconds,
        requiredClaims: ['sub', 'iat', 'exp', 'linked_accounts'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw invalid('The identity token has expired.', error);
      if (isTokenError(error)) throw invalid('The identity token is invalid for this app.', error);
      throw new LatchError('client_network_error', 'The app’s signing keys could not be fetched from Latch.', {
        cause: error,
      });
    }
    const { sub, iat, exp } = payload;
    const accounts = linkedAccounts(payload.linked_accounts);
    if (typeof sub !== 'string' || !sub.startsWith(DID_PREFIX) || accounts === null)
      throw invalid('The identity token is invalid for this app.');
    if ((iat as number) > Date.now() / 1000 + options.clockToleranceSeconds)
      throw invalid('The identity token was issued in the future.');
    return { userId: sub, linkedAccounts: accounts, issuedAt: iat as number, expiresAt: exp as number };
  };
}
