import { webcrypto } from 'node:crypto';
import { DEVICE_PROOF_TYP, type DeviceProofPayload } from '@latch/protocol/schemas';
import { CompactSign, calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import { sha256B64url } from '../deviceProof.js';

// The frame's device key and proofs, played in Node (no server parts: unit tests use it too).

/** A device key as the wallet frame holds it: a non-extractable WebCrypto P-256 key pair. */
export interface TestDeviceKey {
  privateKey: webcrypto.CryptoKey;
  jwk: JWK;
  deviceId: string;
}

/** Generates a device key the way the frame does (WebCrypto, `extractable: false`). */
export async function newDeviceKey(): Promise<TestDeviceKey> {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const full = await exportJWK(pair.publicKey);
  const jwk: JWK = { kty: full.kty, crv: full.crv, x: full.x, y: full.y };
  return { privateKey: pair.privateKey, jwk, deviceId: await calculateJwkThumbprint(jwk, 'sha256') };
}

/** What a proof covers; tests override any part to play an attack. */
export interface ProofInput {
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body: string;
  nonce: string;
  iat?: number;
  /** Sign with this key but embed another public key. */
  embeddedJwk?: JWK;
  typ?: string;
}

/** A compact JWS device proof (jose CompactSign), as the frame makes it. */
export async function deviceProof(key: TestDeviceKey, input: ProofInput): Promise<string> {
  const payload: DeviceProofPayload = {
    htm: input.method,
    htu: input.path,
    nonce: input.nonce,
    iat: input.iat ?? Math.floor(Date.now() / 1000),
    ath: sha256B64url(input.token),
    bh: sha256B64url(input.body),
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'ES256', typ: input.typ ?? DEVICE_PROOF_TYP, jwk: input.embeddedJwk ?? key.jwk })
    .sign(key.privateKey);
}
