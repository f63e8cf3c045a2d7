import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, numberToHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { combineEntropy, combineShares } from './combineShares.js';
import { createWalletKeys } from './createWalletKeys.js';
import { CustodyError } from './custodyError.js';
import { importWalletKeys, parsePrivateKey } from './importedKey.js';
import { decodeShare, encodeShare, type TaggedShare } from './shareEnvelope.js';
import { splitEntropy } from './splitEntropy.js';

const ORDER = secp256k1.Point.Fn.ORDER;
const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof CustodyError ? error.code : String(error);
  }
  return 'accepted';
};

describe('parsePrivateKey: what the import form accepts', () => {
  it('takes 64 hex digits with or without 0x, in any case, spaces around ignored', () => {
    const key = generatePrivateKey();
    for (const typed of [key, key.slice(2), key.toUpperCase().replace('0X', '0x'), `  ${key}\n`]) {
      expect(bytesToHex(parsePrivateKey(typed))).toBe(key);
    }
  });

  it('refuses anything that is not a valid secp256k1 scalar, with one typed error', () => {
    const key = generatePrivateKey();
    const bad = [
      '',
      key.slice(0, -1),
      `${key}0`,
      `0x${'g'.repeat(64)}`,
      `0x0x${key.slice(2)}`,
      `${key.slice(0, 10)} ${key.slice(10)}`,
      `0x${'0'.repeat(64)}`,
      numberToHex(ORDER, { size: 32 }),
      numberToHex(ORDER + 1n, { size: 32 }),
      `0x${'f'.repeat(64)}`,
    ];
    for (const typed of bad) expect(code(() => parsePrivateKey(typed))).toBe('invalid_private_key');
    // The largest valid scalar is taken.
    expect(code(() => parsePrivateKey(numberToHex(ORDER - 1n, { size: 32 })))).toBe('accepted');
  });
});

describe('an imported key is split like created entropy', () => {
  it('any 2 of the 3 shares rebuild the same key and address; the shares say they hold a key', async () => {
    const key = generatePrivateKey();
    const { wallet, shareSet } = await importWalletKeys(parsePrivateKey(key));
    expect(wallet.address).toBe(privateKeyToAccount(key).address);
    expect(shareSet.shares.map((s) => [s.kind, s.threshold, s.total])).toEqual([
      ['device', 2, 3],
      ['auth', 2, 3],
      ['recovery', 2, 3],
    ]);
    const [device, auth, recovery] = shareSet.shares.map((s) => decodeShare(encodeShare(s))) as TaggedShare[];
    expect(device?.secret).toBe('private-key');
    const expected = { walletId: shareSet.walletId, address: wallet.address };
    for (const pair of [
      [device, auth],
      [auth, recovery],
      [recovery, device],
    ] as TaggedShare[][]) {
      expect((await combineShares(pair, expected)).privateKey).toBe(key);
    }
  });

  it('a new device set (recovery) and a re-split keep the kind and the key', async () => {
    const key = generatePrivateKey();
    const { wallet, shareSet } = await importWalletKeys(parsePrivateKey(key));
    const expected = { walletId: shareSet.walletId, address: wallet.address };
    const secret = await combineEntropy(shareSet.shares.slice(1), expected);
    expect(secret.kind).toBe('private-key');
    const device = await splitEntropy(secret.bytes, shareSet.walletId, ['device', 'auth'], secret.kind);
    expect((await combineShares(device.shares, expected)).privateKey).toBe(key);
  });

  it('refuses a share whose kind was flipped (a server swapping the version byte): the set check, then the address', async () => {
    const { wallet, shareSet } = await importWalletKeys(parsePrivateKey(generatePrivateKey()));
    const expected = { walletId: shareSet.walletId, address: wallet.address };
    const [device, auth] = shareSet.shares as TaggedShare[];
    const flipped = encodeShare(auth as TaggedShare);
    flipped[0] = 1;
    const error = await combineShares([device as TaggedShare, decodeShare(flipped)], expected).catch((e) => e);
    expect(error).toMatchObject({ code: 'share_set_mismatch' });
    // Both flipped: read as entropy they derive another address, so nothing is returned.
    const both = [device, auth].map((s) => ({ ...(s as TaggedShare), secret: undefined }));
    expect(await combineShares(both, expected).catch((e) => e)).toMatchObject({ code: 'address_mismatch' });
  });

  it('leaves created wallets as they were (version 1, entropy)', async () => {
    const { shareSet } = await createWalletKeys();
    expect(encodeShare(shareSet.shares[0] as TaggedShare)[0]).toBe(1);
    expect(shareSet.shares.every((s) => s.secret === undefined)).toBe(true);
  });
});
