import { JWKS_PATH, LatchError } from '@latch/protocol';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';

/** The claims the frame relies on from a verified access token. */
export interface TokenOwner {
  /** The user's DID (`did:latch:…`). */
  sub: string;
  /** The session id. */
  sid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** Options of `createTokenVerifier`. */
export interface TokenVerifierOptions {
  /** The server's origin (the JWKS is read from `${apiUrl}` + JWKS_PATH). */
  apiUrl: string;
  appId: string;
  /** The server's public URL: the tokens' `iss`. */
  issuer: string;
  fetch?: typeof fetch;
  /** The clock for `exp` (tests). */
  now?: () => Date;
}

/** Verifies access tokens in the frame itself; throws `missing_or_invalid_token` for any bad token. */
export type TokenVerifier = (accessToken: string) => Promise<TokenOwner>;

const invalid = () => new LatchError('missing_or_invalid_token');
const MAX_VERIFIED = 16;

/**
 * The frame's own access-token check (jose `jwtVerify`): ES256 only, the app's JWKS (refetched once
 * when a token names an unknown kid, e.g. after a key rotation), `aud` = the app, `iss` = the server,
 * `exp` in the future, `sub` and `sid` present. Nothing the host page says is taken on trust.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const url = `${options.apiUrl}${JWKS_PATH(options.appId)}`;
  let keys: Promise<JWTVerifyGetKey> | undefined;

  const load = (): Promise<JWTVerifyGetKey> => {
    const pending = (async () => {
      const response = await doFetch(url, { method: 'GET' });
      if (!response.ok) throw invalid();
      return createLocalJWKSet((await response.json()) as JSONWebKeySet);
    })();
    // A failed fetch is not cached: the next token tries again.
    pending.catch(() => {
      if (keys === pending) keys = undefined;
    });
    keys = pending;
    return pending;
  };

  const verifyWith = async (getKey: JWTVerifyGetKey, token: string) => {
    const { payload } = await jwtVerify(token, getKey, {
      algorithms: ['ES256'],
      audience: options.appId,
      issuer: options.issuer,
      currentDate: options.now?.(),
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
      throw invalid();
    }
    return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
  };

  // Tokens that verified, by their text: a signature does not change, so only `exp` is rechecked
  // (this keeps the signing path to a map lookup; the bench's host→frame→host budget is 2 ms).
  const verified = new Map<string, TokenOwner>();
  const nowSeconds = () => (options.now?.() ?? new Date()).getTime() / 1000;

  return async (token) => {
    const known = verified.get(token);
    if (known && known.exp > nowSeconds()) return { ...known };
    verified.delete(token);
    try {
      const current = keys ?? load();
      let owner: TokenOwner;
      try {
        owner = await verifyWith(await current, token);
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
        // An unknown kid: the keys may have rotated since the last fetch; fetch once more, then give up.
        owner = await verifyWith(await (keys === current ? load() : (keys ?? load())), token);
      }
      verified.set(token, owner);
      if (verified.size > MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
      return { ...owner };
    } catch (error) {
      if (error instanceof LatchError || error instanceof joseErrors.JOSEError || error instanceof TypeError)
        throw invalid();
      throw error;
    }
  };
}
