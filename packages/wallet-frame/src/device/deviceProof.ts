import { DEVICE_PROOF_TYP, type DeviceProofPayload } from '@latch/protocol/schemas';
import { base64url, CompactSign } from 'jose';
import type { DeviceKey } from './deviceKey.js';

/** base64url(SHA-256(text as UTF-8)): the `ath` and `bh` of a proof. */
export async function sha256Base64url(text: string): Promise<string> {
  return base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** What one proof covers. */
export interface ProofInput {
  htm: 'GET' | 'POST';
  /** The request path only (no origin, no query). */
  htu: string;
  nonce: string;
  accessToken: string;
  /** The exact body text sent ('' for a GET). */
  body: string;
  /** Seconds since the epoch; defaults to now. */
  iat?: number;
}

/**
 * A device proof (DPoP-shaped, RFC 9449): a compact JWS made by jose with protected header
 * `{ typ: 'latch-device+jwt', alg: 'ES256', jwk }` over the contract's DeviceProofPayload.
 */
export async function createDeviceProof(key: DeviceKey, input: ProofInput): Promise<string> {
  const payload: DeviceProofPayload = {
    htm: input.htm,
    htu: input.htu,
    nonce: input.nonce,
    iat: input.iat ?? Math.floor(Date.now() / 1000),
    ath: await sha256Base64url(input.accessToken),
    bh: await sha256Base64url(input.body),
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ typ: DEVICE_PROOF_TYP, alg: 'ES256', jwk: key.jwk })
    .sign(key.privateKey);
}
