import { LatchError } from '@latch/protocol';
import { CLOUD_BACKUP, type CloudBackupFile, type CloudRecoveryMethod } from '@latch/protocol/cloudBackup';
import type { TaggedShare } from '../keys/shareEnvelope.js';
import { openShare, sealShare } from '../recovery/sealShare.js';

const KEY_BYTES = 32;

const b64url = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

/**
 * Seals the recovery share for a cloud backup (docs/cloud-backup.md): AES-256-GCM under a fresh random cloud key,
 * the method in the associated data. The ciphertext goes to the server, the key to the user's cloud.
 */
export async function protectWithCloud(
  share: TaggedShare,
  method: CloudRecoveryMethod,
): Promise<{ sealed: Uint8Array; cloudKey: Uint8Array<ArrayBuffer> }> {
  const cloudKey = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  return { sealed: await sealShare(share, cloudKey, method), cloudKey };
}

/** Opens a cloud-protected recovery share with the key from the user's cloud file. */
export function openWithCloud(
  sealed: Uint8Array,
  cloudKey: Uint8Array<ArrayBuffer>,
  expected: { walletId: string; shareSetId: string },
  method: CloudRecoveryMethod,
): Promise<TaggedShare> {
  return openShare(sealed, cloudKey, { ...expected, method });
}

/** The cloud file's JSON for a share set's cloud key (CloudBackupFile: no share, no address). */
export function cloudFileContent(
  appId: string,
  ids: { walletId: string; shareSetId: string },
  key: Uint8Array,
): string {
  const file: CloudBackupFile = {
    v: CLOUD_BACKUP.fileVersion,
    app_id: appId,
    wallet_id: ids.walletId,
    share_set_id: ids.shareSetId,
    cloud_key: b64url(key),
  };
  return JSON.stringify(file);
}

/**
 * The cloud key of the file (among `contents`, newest first) for this app, wallet and share set. None there: the
 * backup is missing or was deleted (`cloud_backup_not_found`: SPEC's failure text and 'Try again').
 */
export function cloudKeyFor(
  contents: readonly string[],
  appId: string,
  ids: { walletId: string; shareSetId: string },
): Uint8Array<ArrayBuffer> {
  for (const content of contents) {
    let file: Partial<CloudBackupFile> | null = null;
    try {
      file = JSON.parse(content) as Partial<CloudBackupFile>;
    } catch {
      continue;
    }
    const matches =
      file?.v === CLOUD_BACKUP.fileVersion &&
      file.app_id === appId &&
      file.wallet_id === ids.walletId &&
      file.share_set_id === ids.shareSetId &&
      typeof file.cloud_key === 'string';
    if (!matches) continue;
    const key = fromB64url(file.cloud_key as string);
    if (key.length === KEY_BYTES) return key;
  }
  throw new LatchError('cloud_backup_not_found');
}
