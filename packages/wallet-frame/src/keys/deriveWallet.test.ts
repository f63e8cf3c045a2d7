import { describe, expect, it } from 'vitest';
import { deriveWallet } from './deriveWallet.js';

describe('wallet derivation', () => {
  it("follows BIP-39/BIP-32 m/44'/60'/0'/0/0 (the \"abandon … art\" test vector)", async () => {
    // 32 zero bytes = "abandon ×23 art"; its first Ethereum account is a well-known address.
    const wallet = await deriveWallet(new Uint8Array(32));
    expect(wallet.address).toBe('0xF278cF59F82eDcf871d630F28EcC8056f25C1cdb');
  });
});
