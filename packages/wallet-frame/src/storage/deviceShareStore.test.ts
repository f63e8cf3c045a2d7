import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { combineShares } from '../keys/combineShares.js';
import { createWalletKeys } from '../keys/createWalletKeys.js';
import { CustodyError } from '../keys/custodyError.js';
import type { TaggedShare } from '../keys/shareEnvelope.js';
import { openDeviceShareStore } from './deviceShareStore.js';
import { idbDone, idbRequest, openDatabase } from './idbRequest.js';

// Node's WebCrypto and fake-indexeddb stand in for the browser here; the e2e covers real Chromium.
const DB = 'latch-embedded-wallet';

async function newWallet() {
  const { wallet, shareSet } = await createWalletKeys();
  return {
    address: wallet.address,
    shares: shareSet.shares as [TaggedShare, TaggedShare, TaggedShare],
    walletId: shareSet.walletId,
  };
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

describe('device share store', () => {
  it('stores the device share encrypted and gives it back, across reopening', async () => {
    const factory = new IDBFactory();
    const { address, shares, walletId } = await newWallet();
    const store = await openDeviceShareStore(factory);
    await store.save(address, shares[0]);
    store.close();

    const reopened = await openDeviceShareStore(factory);
    const loaded = await reopened.load(address);
    expect(loaded?.share).toEqual(shares[0]);
    const restored = await combineShares([loaded?.share as TaggedShare, shares[1]], { walletId, address });
    expect(restored.address).toBe(address);
    expect(await reopened.load('0x0000000000000000000000000000000000000001')).toBeNull();
  });

  it('keeps only ciphertext and a non-extractable key in IndexedDB', async () => {
    const factory = new IDBFactory();
    const { address, shares } = await newWallet();
    const store = await openDeviceShareStore(factory);
    await store.save(address, shares[0]);
    store.close();

    const db = await openDatabase(factory, DB, ['keys', 'shares']);
    const record = await idbRequest(db.transaction('shares').objectStore('shares').get(address.toLowerCase()));
    expect(contains(new Uint8Array(record.ciphertext), shares[0].share)).toBe(false);
    const key = (await idbRequest(db.transaction('keys').objectStore('keys').get('device-share-key'))) as CryptoKey;
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    db.close();
  });

  it('fails closed when the ciphertext was changed', async () => {
    const factory = new IDBFactory();
    const { address, shares } = await newWallet();
    const store = await openDeviceShareStore(factory);
    await store.save(address, shares[0]);

    const db = await openDatabase(factory, DB, ['keys', 'shares']);
    const record = await idbRequest(db.transaction('shares').objectStore('shares').get(address.toLowerCase()));
    const bytes = new Uint8Array(record.ciphertext);
    bytes[3] = (bytes[3] ?? 0) ^ 0xff;
    const tx = db.transaction('shares', 'readwrite');
    tx.objectStore('shares').put({ ...record, ciphertext: bytes.buffer }, address.toLowerCase());
    await idbDone(tx);

    const error = await store.load(address).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CustodyError);
    expect((error as CustodyError).code).toBe('decryption_failed');
    db.close();
  });

  it('refuses a record moved to another wallet (the AAD binds it to its address)', async () => {
    const factory = new IDBFactory();
    const a = await newWallet();
    const b = await newWallet();
    const store = await openDeviceShareStore(factory);
    await store.save(a.address, a.shares[0]);
    await store.save(b.address, b.shares[0]);

    const db = await openDatabase(factory, DB, ['keys', 'shares']);
    const recordA = await idbRequest(db.transaction('shares').objectStore('shares').get(a.address.toLowerCase()));
    const recordB = await idbRequest(db.transaction('shares').objectStore('shares').get(b.address.toLowerCase()));
    const tx = db.transaction('shares', 'readwrite');
    tx.objectStore('shares').put(
      { ...recordB, iv: recordA.iv, ciphertext: recordA.ciphertext },
      b.address.toLowerCase(),
    );
    await idbDone(tx);

    await expect(store.load(b.address)).rejects.toMatchObject({ code: 'decryption_failed' });
    expect((await store.load(a.address))?.share).toEqual(a.shares[0]);
    db.close();
  });

  it('forgets a removed share', async () => {
    const factory = new IDBFactory();
    const { address, shares } = await newWallet();
    const store = await openDeviceShareStore(factory);
    await store.save(address, shares[0]);
    await store.remove(address);
    expect(await store.load(address)).toBeNull();
  });

  it('a fresh browser profile (another IndexedDB) has no share', async () => {
    const { address, shares } = await newWallet();
    await (await openDeviceShareStore(new IDBFactory())).save(address, shares[0]);
    expect(await (await openDeviceShareStore(new IDBFactory())).load(address)).toBeNull();
  });
});
