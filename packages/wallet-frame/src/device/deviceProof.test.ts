import { DEVICE_PROOF_TYP, type DeviceProofPayload } from '@latch/protocol/schemas';
import { IDBFactory } from 'fake-indexeddb';
import { base64url, calculateJwkThumbprint, compactVerify, EmbeddedJWK, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadDeviceKey } from './deviceKey.js';
import { createDeviceProof, sha256Base64url } from './deviceProof.js';

const body = '{"share_set_id":"0b9a4b3e-2c55-4e61-9d4b-1d1b1f1e1a11"}';
const input = {
  htm: 'POST' as const,
  htu: '/api/v1/embedded_wallets/share_sets/auth_share',
  nonce: 'nonce-123',
  accessToken: 'header.payload.signature',
  body,
};

describe('device proof', () => {
  it('is a jose-verifiable ES256 JWS with the contract header and payload', async () => {
    const key = await loadDeviceKey(new IDBFactory());
    const proof = await createDeviceProof(key, { ...input, iat: 1_700_000_000 });
    // The server side: verify with the embedded key only (as the server does), then read the payload.
    const { payload, protectedHeader } = await compactVerify(proof, EmbeddedJWK);
    expect(protectedHeader).toEqual({ typ: DEVICE_PROOF_TYP, alg: 'ES256', jwk: key.jwk });
    expect(await calculateJwkThumbprint(protectedHeader.jwk ?? {}, 'sha256')).toBe(key.thumbprint);
    const claims = JSON.parse(new TextDecoder().decode(payload)) as DeviceProofPayload;
    expect(claims).toEqual({
      htm: 'POST',
      htu: input.htu,
      nonce: 'nonce-123',
      iat: 1_700_000_000,
      ath: await sha256Base64url(input.accessToken),
      bh: await sha256Base64url(body),
    });
    // ath and bh are base64url SHA-256 of the exact bytes (checked against Node's own hash).
    const { createHash } = await import('node:crypto');
    expect(claims.bh).toBe(createHash('sha256').update(body).digest('base64url'));
    expect(claims.ath).toBe(createHash('sha256').update(input.accessToken).digest('base64url'));
    expect(await sha256Base64url('')).toBe(createHash('sha256').update('').digest('base64url'));
  });

  it('defaults iat to now, and does not verify under another key or with a changed payload', async () => {
    const key = await loadDeviceKey(new IDBFactory());
    const other = await loadDeviceKey(new IDBFactory());
    const proof = await createDeviceProof(key, input);
    const { payload } = await compactVerify(proof, EmbeddedJWK);
    const iat = (JSON.parse(new TextDecoder().decode(payload)) as DeviceProofPayload).iat;
    expect(Math.abs(iat - Date.now() / 1000)).toBeLessThan(5);

    await expect(compactVerify(proof, await importJWK(other.jwk, 'ES256'))).rejects.toThrow();
    const [header, , signature] = proof.split('.');
    const forged = base64url.encode(JSON.stringify({ ...input, iat, htu: '/api/v1/embedded_wallets/recovery' }));
    await expect(compactVerify(`${header}.${forged}.${signature}`, EmbeddedJWK)).rejects.toThrow();
  });
});
