import { sign } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import type { ActiveSigningKey } from '../keys/signingKeys.js';

const base64urlJson = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The low-S form of an ES256 signature (raw r‖s): ECDSA accepts both (r, s) and (r, n − s) for one
 * message, and node may produce either; verification takes only the low one (one token, one spelling).
 */
function lowS(signature: Uint8Array): Uint8Array {
  const parsed = p256.Signature.fromBytes(signature, 'compact');
  if (!parsed.hasHighS()) return signature;
  return new p256.Signature(parsed.r, p256.Point.CURVE().n - parsed.s).toBytes('compact');
}

/**
 * Signs a compact ES256 JWS with the app's key: assembled here and signed with node:crypto (ECDSA P-256
 * over SHA-256, the signature in JOSE's raw low-S r‖s form), synchronously: no WebCrypto job per token.
 * jose verifies it like any other. `typ` is the header's type: it tells access and identity tokens apart.
 */
export function signEs256Jws(key: Pick<ActiveSigningKey, 'kid' | 'signingKey'>, typ: string, payload: object): string {
  const signingInput = `${base64urlJson({ alg: 'ES256', typ, kid: key.kid })}.${base64urlJson(payload)}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key: key.signingKey, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${Buffer.from(lowS(signature)).toString('base64url')}`;
}
