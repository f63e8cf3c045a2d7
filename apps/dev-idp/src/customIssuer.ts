import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, exportSPKI, type JWK, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { sendJson } from './http.js';
import { keyPairFor } from './keys.js';

/** How to mint a token, including the broken ones a server must refuse. */
export interface MintOptions {
  /** The signing algorithm (both keys are in the JWKS). Default RS256. */
  alg?: 'RS256' | 'ES256';
  /** Lifetime in seconds (default 600, the most a Latch server accepts). */
  expiresInSec?: number;
  /** Expired an hour ago. */
  expired?: boolean;
  /** Valid only from an hour on (`nbf`). */
  notYetValid?: boolean;
  /** Another issuer than the custom issuer's. */
  wrongIssuer?: boolean;
  /** Another audience than `customIssuer.audience` (or than `claims.aud`). */
  wrongAudience?: boolean;
  /** Signed by a key that is not in the JWKS (its own `kid`). */
  unknownKey?: boolean;
  /** Signed by a key not in the JWKS but with the `kid` of one that is (only the signature can tell). */
  unknownKeySameKid?: boolean;
  /** `alg: none`, no signature. */
  algNone?: boolean;
  /** HS256 with the RSA public key's PEM as the HMAC secret (the key-confusion attack). */
  hs256WithPublicKey?: boolean;
}

/** A host backend's token issuer: JWKS, and tokens for its users. */
export interface DevCustomIssuer {
  issuer: string;
  jwksUrl: string;
  /** The audience minted tokens carry unless `claims.aud` says otherwise. */
  audience: string;
  /** The signing keys' public PEMs (for an app configured with `public_key_pem`). */
  publicKeyPem: { RS256: string; ES256: string };
  /** Mints a JWT for `claims` (`sub` at least) with iss, aud, iat, exp and a fresh jti (a claim set to undefined drops it). */
  mint(claims: JWTPayload, options?: MintOptions): Promise<string>;
}

interface Keys {
  private: CryptoKey;
  kid: string;
  jwk: JWK;
  pem: string;
}

async function keysFor(alg: 'RS256' | 'ES256', purpose: string): Promise<Keys> {
  const { privateKey, publicKey } = await keyPairFor(purpose, alg);
  const kid = `${alg.toLowerCase()}-${randomBytes(4).toString('hex')}`;
  return {
    private: privateKey,
    kid,
    jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' },
    pem: await exportSPKI(publicKey),
  };
}

/** The custom issuer at `<baseUrl>/custom`, with fresh RS256 and ES256 keys. */
export async function createCustomIssuer(baseUrl: string): Promise<DevCustomIssuer & { jwks: { keys: JWK[] } }> {
  const issuer = `${baseUrl}/custom`;
  const audience = 'latch-dev-app';
  const keys = { RS256: await keysFor('RS256', 'custom'), ES256: await keysFor('ES256', 'custom') };
  const unknown = { RS256: await keysFor('RS256', 'unknown'), ES256: await keysFor('ES256', 'unknown') };
  const mint = async (claims: JWTPayload, options: MintOptions = {}): Promise<string> => {
    const alg = options.alg ?? 'RS256';
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      iss: options.wrongIssuer ? `${baseUrl}/not-the-custom-issuer` : issuer,
      aud: audience,
      iat: now,
      exp: now + (options.expiresInSec ?? 600),
      // A fresh id per token: a Latch server accepts each jti once (issue #24, single-use custom tokens).
      jti: randomUUID(),
      ...claims,
    };
    if (options.wrongAudience) payload.aud = 'not-this-app';
    if (options.expired) Object.assign(payload, { iat: now - 7200, exp: now - 3600 });
    if (options.notYetValid) Object.assign(payload, { nbf: now + 3600, exp: now + 7200 });
    if (options.algNone) return new UnsecuredJWT(payload).encode();
    if (options.hs256WithPublicKey) {
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', kid: keys.RS256.kid })
        .sign(new TextEncoder().encode(keys.RS256.pem));
    }
    const key = options.unknownKey || options.unknownKeySameKid ? unknown[alg] : keys[alg];
    const kid = options.unknownKeySameKid ? keys[alg].kid : key.kid;
    return new SignJWT(payload).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(key.private);
  };
  return {
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    audience,
    publicKeyPem: { RS256: keys.RS256.pem, ES256: keys.ES256.pem },
    mint,
    jwks: { keys: [keys.RS256.jwk, keys.ES256.jwk] },
  };
}

/**
 * `/custom/…`: the JWKS, and (the demo's stand-in for a host backend) `GET /custom/token?sub=` answering
 * `{ token }` with CORS for the allowed origins only.
 */
export async function handleCustom(
  req: IncomingMessage,
  res: ServerResponse,
  custom: Awaited<ReturnType<typeof createCustomIssuer>>,
  path: string,
  search: URLSearchParams,
  corsOrigins: string[],
): Promise<void> {
  if (path === '/.well-known/jwks.json' && req.method === 'GET') {
    return sendJson(res, 200, custom.jwks, { 'cache-control': 'public, max-age=60' });
  }
  if (path === '/token' && (req.method === 'GET' || req.method === 'OPTIONS')) {
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && corsOrigins.includes(origin)
        ? { 'access-control-allow-origin': origin, vary: 'Origin' }
        : { vary: 'Origin' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET' });
      return void res.end();
    }
    const sub = (search.get('sub') ?? '').trim();
    if (!sub || sub.length > 256)
      return sendJson(res, 400, { error: 'sub is required (at most 256 characters)' }, cors);
    return sendJson(res, 200, { token: await custom.mint({ sub }) }, cors);
  }
  return sendJson(res, 404, { error: 'not found' });
}
