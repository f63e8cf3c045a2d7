import { calculateJwkThumbprint, type JWK } from 'jose';
import { idbDone, idbRequest, openDatabase } from '../storage/idbRequest.js';

/** This frame's device key: a non-extractable P-256 signing key, its public JWK and its device id. */
export interface DeviceKey {
  /** The private key (non-extractable: usable for signing, never readable). */
  privateKey: CryptoKey;
  /** The public key as the proof header's `jwk` (kty, crv, x, y only). */
  jwk: JWK;
  /** RFC 7638 JWK thumbprint (SHA-256, base64url): the device id the server registers. */
  thumbprint: string;
}

// Same database and store as the device share key (docs/custody.md "Device key").
const DB_NAME = 'latch-embedded-wallet';
const KEY_STORE = 'keys';
const SHARE_STORE = 'shares';
const DEVICE_KEY_ID = 'device-key';

async function describe(pair: CryptoKeyPair): Promise<DeviceKey> {
  // A key pair's public half is always exportable, whatever `extractable` says for the private half.
  const full = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JWK;
  const jwk: JWK = { kty: full.kty, crv: full.crv, x: full.x, y: full.y };
  return { privateKey: pair.privateKey, jwk, thumbprint: await calculateJwkThumbprint(jwk, 'sha256') };
}

/**
 * This origin's device key, generated on first use and then reused from IndexedDB (`latch-embedded-wallet`,
 * store `keys`, record `device-key`). The private key is non-extractable: script can sign with it but
 * never read it out, so a copy of the database alone cannot make proofs elsewhere.
 */
export async function loadDeviceKey(factory: IDBFactory = indexedDB, name = DB_NAME): Promise<DeviceKey> {
  const db = await openDatabase(factory, name, [KEY_STORE, SHARE_STORE]);
  try {
    const read = () => idbRequest(db.transaction(KEY_STORE).objectStore(KEY_STORE).get(DEVICE_KEY_ID));
    const existing = (await read()) as CryptoKeyPair | undefined;
    if (existing) return describe(existing);
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    const tx = db.transaction(KEY_STORE, 'readwrite');
    // add() (not put) so two frames racing on first use keep one key: the loser reads the winner's.
    tx.objectStore(KEY_STORE).add(pair, DEVICE_KEY_ID);
    try {
      await idbDone(tx);
      return describe(pair);
    } catch {
      return describe((await read()) as CryptoKeyPair);
    }
  } finally {
    db.close();
  }
}

/** A memoised `loadDeviceKey`: one IndexedDB read per frame page load. */
export function deviceKeyLoader(factory: IDBFactory = indexedDB, name = DB_NAME): () => Promise<DeviceKey> {
  let pending: Promise<DeviceKey> | undefined;
  return () => {
    pending ??= loadDeviceKey(factory, name);
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
}
