import { LatchError } from '@latch/protocol';
import { CompactSign, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { sha256B64url, verifyDeviceProof } from './deviceProof.js';
import { deviceProof, newDeviceKey } from './testing/deviceKey.js';

const NOW = 1_800_000_000;
const TOKEN = 'header.payload.signature';
const BODY = '{"share_set_id":"x"}';
const PATH = '/api/v1/embedded_wallets/share_sets/auth_share';
const expectation = {
  method: 'POST' as const,
  path: PATH,
  accessToken: TOKEN,
  body: new TextEncoder().encode(BODY),
  nowSeconds: NOW,
};
const input = { method: 'POST' as const, path: PATH, token: TOKEN, body: BODY, nonce: 'nonce-1', iat: NOW };

async function refused(jws: string | undefined) {
  const error = await verifyDeviceProof(jws, expectation).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LatchError);
  expect((error as LatchError).code).toBe('invalid_device_proof');
}

describe('verifyDeviceProof', () => {
  it('accepts a proof made like the frame makes it and names the device by its RFC 7638 thumbprint', async () => {
    const key = await newDeviceKey();
    const verified = await verifyDeviceProof(await deviceProof(key, input), expectation);
    expect(verified).toEqual({ deviceId: key.deviceId, jwk: key.jwk, nonce: 'nonce-1' });
    expect(key.deviceId).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses missing, malformed, mis-typed and mismatched proofs', async () => {
    const key = await newDeviceKey();
    const other = await newDeviceKey();
    await refused(undefined);
    await refused('');
    await refused('a.b.c');
    await refused(await deviceProof(key, { ...input, typ: 'JWT' }));
    await refused(await deviceProof(key, { ...input, embeddedJwk: other.jwk }));
    await refused(await deviceProof(key, { ...input, iat: NOW - 301 }));
    await refused(await deviceProof(key, { ...input, iat: NOW + 301 }));
    await refused(await deviceProof(key, { ...input, method: 'GET' }));
    await refused(await deviceProof(key, { ...input, path: '/api/v1/embedded_wallets/recovery' }));
    await refused(await deviceProof(key, { ...input, token: 'another.token.here' }));
    await refused(await deviceProof(key, { ...input, body: `${BODY} ` }));
  });

  it('refuses a private key in the header, another curve, and another algorithm', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = await exportJWK(privateKey);
    const payload = new TextEncoder().encode(
      JSON.stringify({
        htm: 'POST',
        htu: PATH,
        nonce: 'n',
        iat: NOW,
        ath: sha256B64url(TOKEN),
        bh: sha256B64url(BODY),
      }),
    );
    await refused(
      await new CompactSign(payload)
        .setProtectedHeader({ alg: 'ES256', typ: 'latch-device+jwt', jwk: privateJwk })
        .sign(privateKey),
    );
    const p384 = await generateKeyPair('ES384');
    await refused(
      await new CompactSign(payload)
        .setProtectedHeader({ alg: 'ES384', typ: 'latch-device+jwt', jwk: await exportJWK(p384.publicKey) })
        .sign(p384.privateKey),
    );
  });
});
