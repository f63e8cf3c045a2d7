import { createPublicKey, verify } from 'node:crypto';
import { FARCASTER_SIGNER_KEYS } from '@latch/protocol/farcaster';
import { describe, expect, it } from 'vitest';
import { deriveWallet } from '../keys/deriveWallet.js';
import { farcasterSignerKey, farcasterSignerKeyOf } from './farcasterSignerKey.js';

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

  it('has FARCASTER_SIGNER_KEYS keys per wallet: key 0 is the v1 derivation (approved signers keep working), each index another', async () => {
    const wallet = await deriveWallet(new Uint8Array(32).fill(7));
    // Pinned: the key every signer approved before the index existed was derived as this.
    expect(farcasterSignerKey(wallet, 0).publicKey).toBe(
      '0xa880d05295307c1906b9eaac62b473add1902615e2e1fc79e1ae314f7aa499c5',
    );
    expect(farcasterSignerKey(wallet).publicKey).toBe(farcasterSignerKey(wallet, 0).publicKey);
    const keys = Array.from({ length: FARCASTER_SIGNER_KEYS }, (_, i) => farcasterSignerKey(wallet, i).publicKey);
    expect(new Set(keys).size).toBe(FARCASTER_SIGNER_KEYS);
    expect(farcasterSignerKey(wallet, 3).publicKey).toBe(keys[3]);
    expect(() => farcasterSignerKey(wallet, FARCASTER_SIGNER_KEYS)).toThrow(RangeError);
    expect(() => farcasterSignerKey(wallet, -1)).toThrow(RangeError);
  });

  it("finds the wallet's key of a public key (any case), and none for another wallet's key", async () => {
    const wallet = await deriveWallet(new Uint8Array(32).fill(7));
    const other = await deriveWallet(new Uint8Array(32).fill(8));
    const last = farcasterSignerKey(wallet, FARCASTER_SIGNER_KEYS - 1).publicKey;
    expect(farcasterSignerKeyOf(wallet, last.toUpperCase().replace('0X', '0x'))?.publicKey).toBe(last);
    expect(farcasterSignerKeyOf(wallet, farcasterSignerKey(other, 1).publicKey)).toBeUndefined();
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
