import { sign } from 'node:crypto';
import type { ActiveSigningKey } from '../keys/signingKeys.js';
import { toLowS } from './lowS.js';

const base64urlJson = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

// The encoded header of each (typ, kid): a handful per server (two types, one key per app at a time), so the
// map stays small; it is emptied should it ever grow past that, e.g. over many apps' key rotations.
const headers = new Map<string, string>();
function encodedHeader(typ: string, kid: string): string {
  const cacheKey = `${typ} ${kid}`;
  let header = headers.get(cacheKey);
  if (header === undefined) {
    if (headers.size >= 1000) headers.clear();
    header = base64urlJson({ alg: 'ES256', typ, kid });
    headers.set(cacheKey, header);
  }
  return header;
}

/**
 * Signs a compact ES256 JWS with the app's key: assembled here and signed with node:crypto (ECDSA P-256
 * over SHA-256, the signature in JOSE's raw low-S r‖s form), synchronously: no WebCrypto job per token.
 * jose verifies it like any other. `typ` is the header's type: it tells access and identity tokens apart.
 */
export function signEs256Jws(key: Pick<ActiveSigningKey, 'kid' | 'signingKey'>, typ: string, payload: object): string {
  const signingInput = `${encodedHeader(typ, key.kid)}.${base64urlJson(payload)}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key: key.signingKey, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${Buffer.from(toLowS(signature)).toString('base64url')}`;
}
