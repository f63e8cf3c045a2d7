import { createHash } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { CUSTODY_LIMIT, DEVICE_PROOF_TYP } from '@latch/protocol/schemas';
import { calculateJwkThumbprint, compactVerify, importJWK, type JWK } from 'jose';
import * as v from 'valibot';

/** The public half of a device key, as the proof's protected header carries it (no other members kept). */
export interface DevicePublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/** What a valid device proof establishes. */
interface VerifiedDeviceProof {
  /** RFC 7638 thumbprint of the signing key: the device id. */
  deviceId: string;
  jwk: DevicePublicJwk;
  /** The nonce the proof names; the caller must still take it from the store (single use). */
  nonce: string;
}

/** The request a proof must match. */
interface ProofExpectation {
  method: 'GET' | 'POST';
  path: string;
  accessToken: string;
  /** The exact request body bytes (empty for a GET). */
  body: Uint8Array;
  nowSeconds: number;
}

const b64url = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/), v.maxLength(512));
const PublicJwk = v.object({ kty: v.literal('EC'), crv: v.literal('P-256'), x: b64url, y: b64url });
const Payload = v.object({
  htm: v.picklist(['GET', 'POST']),
  htu: v.pipe(v.string(), v.maxLength(512)),
  nonce: b64url,
  iat: v.pipe(v.number(), v.integer()),
  ath: b64url,
  bh: b64url,
});

/** base64url(SHA-256(bytes)): the `ath` and `bh` members of a proof. */
export function sha256B64url(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

const refuse = (why: string): never => {
  // The reason stays in the message (no secret in it): it helps a frame developer, not an attacker.
  throw new LatchError('invalid_device_proof', `Invalid device proof: ${why}.`);
};

/**
 * Verifies a device proof (compact JWS, DPoP-shaped; docs/custody.md) with jose: ES256, the proof
 * `typ`, an embedded public P-256 key, a valid signature, a fresh `iat`, and `htm`/`htu`/`ath`/`bh`
 * matching this request. Throws 401 `invalid_device_proof` otherwise. The nonce is not checked here.
 */
export async function verifyDeviceProof(
  jws: string | undefined,
  expect: ProofExpectation,
): Promise<VerifiedDeviceProof> {
  if (!jws || jws.length > 4096) return refuse('missing');
  let jwk: DevicePublicJwk | undefined;
  let payloadBytes: Uint8Array;
  try {
    const verified = await compactVerify(
      jws,
      async (header) => {
        if (header.alg !== 'ES256' || header.typ !== DEVICE_PROOF_TYP) throw new Error('header');
        const parsed = v.safeParse(PublicJwk, header.jwk);
        // A private key (`d`) in the header is refused, not just ignored: the frame never sends one.
        if (!parsed.success || (header.jwk as JWK).d !== undefined) throw new Error('jwk');
        jwk = { kty: 'EC', crv: 'P-256', x: parsed.output.x, y: parsed.output.y };
        return importJWK(jwk, 'ES256');
      },
      { algorithms: ['ES256'] },
    );
    payloadBytes = verified.payload;
  } catch {
    return refuse('bad signature or header');
  }
  if (!jwk) return refuse('no key');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(payloadBytes));
  } catch {
    return refuse('payload is not JSON');
  }
  const parsed = v.safeParse(Payload, json);
  if (!parsed.success) return refuse('malformed payload');
  const payload = parsed.output;
  if (Math.abs(payload.iat - expect.nowSeconds) > CUSTODY_LIMIT.proofMaxSkewSeconds) refuse('stale iat');
  if (payload.htm !== expect.method || payload.htu !== expect.path) refuse('made for another request');
  if (payload.ath !== sha256B64url(expect.accessToken)) refuse('made for another access token');
  if (payload.bh !== sha256B64url(expect.body)) refuse('made for another body');
  return { deviceId: await calculateJwkThumbprint(jwk, 'sha256'), jwk, nonce: payload.nonce };
}
