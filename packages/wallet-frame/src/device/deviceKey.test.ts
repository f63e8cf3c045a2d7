import { IDBFactory } from 'fake-indexeddb';
import { calculateJwkThumbprint } from 'jose';
import { describe, expect, it } from 'vitest';
import { idbRequest, openDatabase } from '../storage/idbRequest.js';
import { deviceKeyLoader, loadDeviceKey } from './deviceKey.js';

// Node's WebCrypto and fake-indexeddb stand in for the browser here; the e2e covers real Chromium.
describe('device key store', () => {
  it('generates one non-extractable P-256 key and stores it as CryptoKeys in IndexedDB', async () => {
    const factory = new IDBFactory();
    const key = await loadDeviceKey(factory);
    expect(key.privateKey.extractable).toBe(false);
    expect(key.privateKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
    await expect(crypto.subtle.exportKey('jwk', key.privateKey)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('pkcs8', key.privateKey)).rejects.toThrow();
    // Only the public coordinates are named: no `d`, no key_ops noise in the proof header.
    expect(Object.keys(key.jwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(key.jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });

    const db = await openDatabase(factory, 'latch-embedded-wallet', ['keys', 'shares']);
    const stored = (await idbRequest(db.transaction('keys').objectStore('keys').get('device-key'))) as CryptoKeyPair;
    expect(stored.privateKey).toBeInstanceOf(CryptoKey);
    expect(stored.privateKey.extractable).toBe(false);
    db.close();
  });

  it('keeps a stable thumbprint (RFC 7638) across page loads; another profile has another key', async () => {
    const factory = new IDBFactory();
    const first = await loadDeviceKey(factory);
    const again = await loadDeviceKey(factory);
    expect(again.thumbprint).toBe(first.thumbprint);
    expect(again.jwk).toEqual(first.jwk);
    expect(first.thumbprint).toBe(await calculateJwkThumbprint(first.jwk, 'sha256'));
    expect(first.thumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await loadDeviceKey(new IDBFactory())).thumbprint).not.toBe(first.thumbprint);
  });

  it('two frames racing on first use end up with the same key', async () => {
    const factory = new IDBFactory();
    const [a, b] = await Promise.all([loadDeviceKey(factory), loadDeviceKey(factory)]);
    const later = await loadDeviceKey(factory);
    expect(a.thumbprint).toBe(later.thumbprint);
    expect(b.thumbprint).toBe(later.thumbprint);
  });

  it('the loader reads IndexedDB once per page load', async () => {
    const load = deviceKeyLoader(new IDBFactory());
    const first = await load();
    expect(await load()).toBe(first);
  });
});
