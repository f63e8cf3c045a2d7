import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveWallet } from '../keys/deriveWallet.js';
import { farcasterSignerKey } from './farcasterSignerKey.js';

const spki = (publicKey: string) =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey.slice(2), 'hex')]),
    format: 'der',
    type: 'spki',
  });

describe('the Farcaster signer key (docs/farcaster.md "The signer key")', () => {
  it("is derived from the wallet: the same wallet's key on every derivation, another wallet's differs", async () => {
    const wallet = await deriveWallet(new Uint8Array(32).fill(7));
    const other = await deriveWallet(new Uint8Array(32).fill(8));
    expect(farcasterSignerKey(wallet).publicKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(farcasterSignerKey(wallet).publicKey).toBe(farcasterSignerKey(wallet).publicKey);
    expect(farcasterSignerKey(other).publicKey).not.toBe(farcasterSignerKey(wallet).publicKey);
  });

  it('signs ed25519 (RFC 8032): the signature verifies with the public key, not for other bytes', async () => {
    const key = farcasterSignerKey(await deriveWallet(new Uint8Array(32).fill(7)));
    const message = new TextEncoder().encode('a Farcaster message hash');
    const signature = key.sign(message);
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/);
    const bytes = Buffer.from(signature.slice(2), 'hex');
    expect(verify(null, message, spki(key.publicKey), bytes)).toBe(true);
    expect(verify(null, new TextEncoder().encode('another'), spki(key.publicKey), bytes)).toBe(false);
  });
});
