import { CustodyError } from '../keys/custodyError.js';
import { decodeShare, encodeShare, type TaggedShare } from '../keys/shareEnvelope.js';
import { idbDone, idbRequest, openDatabase } from './idbRequest.js';

/** The device share as stored: AES-GCM ciphertext under this origin's non-extractable key. */
interface StoredDeviceShare {
  address: string;
  walletId: string;
  shareSetId: string;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

/** This device's share of a wallet, decrypted. */
interface DeviceShare {
  address: `0x${string}`;
  share: TaggedShare;
}

/** Where the frame keeps its device shares. */
export interface DeviceShareStore {
  /** Encrypts and stores the device share of a wallet (replacing an older one). */
  save(address: `0x${string}`, share: TaggedShare): Promise<void>;
  /** The device share of a wallet, or null when this device has none. */
  load(address: `0x${string}`): Promise<DeviceShare | null>;
  /** Forgets this device's share of a wallet. */
  remove(address: `0x${string}`): Promise<void>;
  close(): void;
}

const KEY_STORE = 'keys';
const SHARE_STORE = 'shares';
const WRAPPING_KEY_ID = 'device-share-key';

// The AAD binds a ciphertext to its record, so records cannot be swapped between wallets.
function aad(address: string, walletId: string, shareSetId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`latch-device-share|${address.toLowerCase()}|${walletId}|${shareSetId}`);
}

async function wrappingKey(db: IDBDatabase): Promise<CryptoKey> {
  const existing = await idbRequest(db.transaction(KEY_STORE).objectStore(KEY_STORE).get(WRAPPING_KEY_ID));
  if (existing) return existing as CryptoKey;
  // extractable=false: script in the frame can use the key but never read it out.
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const tx = db.transaction(KEY_STORE, 'readwrite');
  // add() (not put) so two racing first uses cannot overwrite each other's key.
  tx.objectStore(KEY_STORE).add(key, WRAPPING_KEY_ID);
  try {
    await idbDone(tx);
    return key;
  } catch {
    return (await idbRequest(db.transaction(KEY_STORE).objectStore(KEY_STORE).get(WRAPPING_KEY_ID))) as CryptoKey;
  }
}

/** Opens the device share store in this origin's IndexedDB. */
export async function openDeviceShareStore(
  factory: IDBFactory = indexedDB,
  name = 'latch-embedded-wallet',
): Promise<DeviceShareStore> {
  const db = await openDatabase(factory, name, [KEY_STORE, SHARE_STORE]);
  const id = (address: string) => address.toLowerCase();

  return {
    async save(address, share) {
      const key = await wrappingKey(db);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const additionalData = aad(address, share.walletId, share.shareSetId);
      const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, encodeShare(share));
      const record: StoredDeviceShare = {
        address: id(address),
        walletId: share.walletId,
        shareSetId: share.shareSetId,
        iv,
        ciphertext,
      };
      const tx = db.transaction(SHARE_STORE, 'readwrite');
      tx.objectStore(SHARE_STORE).put(record, id(address));
      await idbDone(tx);
    },

    async load(address) {
      const record = (await idbRequest(db.transaction(SHARE_STORE).objectStore(SHARE_STORE).get(id(address)))) as
        | StoredDeviceShare
        | undefined;
      if (!record) return null;
      const key = await wrappingKey(db);
      let plain: ArrayBuffer;
      try {
        const additionalData = aad(record.address, record.walletId, record.shareSetId);
        plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: record.iv, additionalData }, key, record.ciphertext);
      } catch (cause) {
        throw new CustodyError('decryption_failed', 'The device share could not be decrypted', { cause });
      }
      const share = decodeShare(new Uint8Array(plain));
      if (share.kind !== 'device' || share.walletId !== record.walletId || share.shareSetId !== record.shareSetId) {
        throw new CustodyError('malformed_share', 'The stored device share does not match its record');
      }
      return { address, share };
    },

    async remove(address) {
      const tx = db.transaction(SHARE_STORE, 'readwrite');
      tx.objectStore(SHARE_STORE).delete(id(address));
      await idbDone(tx);
    },

    close() {
      db.close();
    },
  };
}
