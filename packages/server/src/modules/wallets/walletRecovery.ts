import { timingSafeEqual } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import type { UserRef } from '../../identity/users/userRef.js';
import type { Clock } from '../../kernel/clock.js';
import { type EnvelopeContext, sealEnvelope } from '../../kernel/crypto/envelope.js';
import type { Keyring } from '../../kernel/crypto/keyring.js';
import type { Db } from '../../kernel/store/db.js';
import { type PasswordOprf, verifierHash } from './oprf.js';
import {
  b64,
  check,
  checkBytes,
  checkRecovery,
  isCloudRecovery,
  type NewWalletInput,
  UUID,
  unb64,
} from './walletInput.js';
import { openSealed, requireWallet, shareContext, walletRow } from './walletRows.js';

/** The recovery columns of a wallet row for `recovery`, its recovery key sealed under `context`. */
export function recoveryColumns(keyring: Keyring, context: EnvelopeContext, recovery: NewWalletInput['recovery']) {
  if (isCloudRecovery(recovery)) {
    // The key that opens this ciphertext is in the user's cloud only (docs/cloud-backup.md).
    return {
      recovery_method: recovery.method,
      recovery_share_sealed: b64(recovery.sealedShare),
      recovery_key_sealed: null,
      password_salt: null,
      password_verifier_hash: null,
      oprf_key_id: null,
      cloud_account_hash: recovery.accountHash,
    };
  }
  return recovery.method === 'latch'
    ? {
        recovery_method: 'latch' as const,
        recovery_share_sealed: b64(recovery.sealedShare),
        recovery_key_sealed: sealEnvelope(keyring, 'recovery-kek', context, recovery.recoveryKey),
        password_salt: null,
        password_verifier_hash: null,
        oprf_key_id: null,
        cloud_account_hash: null,
      }
    : {
        recovery_method: 'user-passcode' as const,
        recovery_share_sealed: b64(recovery.sealedShare),
        recovery_key_sealed: null,
        password_salt: b64(recovery.salt),
        password_verifier_hash: verifierHash(recovery.verifier),
        oprf_key_id: keyring.currentKeyId,
        cloud_account_hash: null,
      };
}

/**
 * The recovery side of wallet custody (DESIGN §4): the recovery material a new device needs, the
 * password OPRF step, and the replacement of a wallet's recovery.
 */
export class WalletRecovery {
  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    private readonly oprf: PasswordOprf,
    private readonly clock: Clock,
  ) {}

  /** Provider-managed recovery: the recovery ciphertext and its key (operator-recoverable by design). */
  async releaseProviderRecovery(owner: UserRef) {
    const wallet = await requireWallet(this.db, owner);
    if (wallet.recovery_method !== 'latch' || !wallet.recovery_key_sealed) {
      throw new LatchError('invalid_data', 'This wallet does not use provider-managed recovery.');
    }
    const context = shareContext(owner, wallet.id, wallet.primary_share_set_id);
    const recoveryKey = openSealed(this.keyring, 'recovery-kek', context, wallet.recovery_key_sealed);
    return { shareSetId: wallet.primary_share_set_id, sealedShare: unb64(wallet.recovery_share_sealed), recoveryKey };
  }

  /** Password recovery material: ciphertext and salt (useless without the password and the OPRF step). */
  async passwordRecovery(owner: UserRef) {
    const wallet = await requireWallet(this.db, owner);
    if (wallet.recovery_method !== 'user-passcode' || !wallet.password_salt) {
      throw new LatchError('invalid_data', 'This wallet does not use a recovery password.');
    }
    return {
      shareSetId: wallet.primary_share_set_id,
      sealedShare: unb64(wallet.recovery_share_sealed),
      salt: unb64(wallet.password_salt),
    };
  }

  /**
   * Cloud-backup recovery material: the ciphertext only (its key is in the user's cloud), released only when
   * `accountHash` (from a recovery OAuth ticket) is the account the backup is bound to.
   */
  async cloudRecovery(owner: UserRef, accountHash: string) {
    const wallet = await requireWallet(this.db, owner);
    if (
      (wallet.recovery_method !== 'google-drive' && wallet.recovery_method !== 'icloud') ||
      !wallet.cloud_account_hash
    ) {
      throw new LatchError('invalid_data', 'This wallet does not use a cloud backup.');
    }
    if (!sameHash(wallet.cloud_account_hash, accountHash)) throw new LatchError('cloud_account_mismatch');
    return {
      method: wallet.recovery_method,
      walletId: wallet.id,
      shareSetId: wallet.primary_share_set_id,
      sealedShare: unb64(wallet.recovery_share_sealed),
    };
  }

  /** The OPRF step for `walletId`: the owner's wallet, or a wallet the owner is about to create. */
  async evaluatePasswordOprf(
    owner: UserRef,
    walletId: string,
    blinded: Uint8Array,
    onLock?: () => Promise<void>,
  ): Promise<Uint8Array> {
    check(UUID.test(walletId), 'Invalid wallet id.');
    const wallet = await walletRow(this.db, owner);
    if (wallet && wallet.id !== walletId) throw new LatchError('embedded_wallet_not_found');
    const context = { appId: owner.appId, userId: owner.userId, walletId };
    return this.oprf.evaluate(context, blinded, wallet?.oprf_key_id ?? undefined, onLock);
  }

  /** Resets the wrong-password counter when the verifier proves the password; false otherwise. */
  async confirmPassword(owner: UserRef, verifier: Uint8Array): Promise<boolean> {
    const wallet = await requireWallet(this.db, owner);
    if (!wallet.password_verifier_hash) return false;
    return this.oprf.confirm({ ...owner, walletId: wallet.id }, verifier, wallet.password_verifier_hash);
  }

  /**
   * Replaces the recovery (e.g. provider-managed → password) with a freshly split set bound to the
   * calling device: the new primary set's auth share and recovery ciphertext replace every old set and
   * the old recovery key, so material the server held before no longer combines with anything it keeps.
   */
  async replaceRecovery(
    owner: UserRef,
    shareSetId: string,
    authShare: Uint8Array,
    recovery: NewWalletInput['recovery'],
    deviceId: string,
  ) {
    check(UUID.test(shareSetId), 'Invalid share set id.');
    checkBytes(authShare, 16, 256, 'auth share');
    checkRecovery(recovery);
    const wallet = await requireWallet(this.db, owner);
    const now = this.clock.now();
    const context = shareContext(owner, wallet.id, shareSetId);
    const sealed = sealEnvelope(this.keyring, 'auth-share-kek', context, authShare);
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('wallet_share_sets').where('wallet_id', '=', wallet.id).execute();
      await tx
        .insertInto('wallet_share_sets')
        .values({
          id: shareSetId,
          wallet_id: wallet.id,
          kind: 'primary',
          auth_share_sealed: sealed,
          created_at: now,
          device_key_id: deviceId,
        })
        .execute();
      await tx
        .updateTable('embedded_wallets')
        .set({ primary_share_set_id: shareSetId, ...recoveryColumns(this.keyring, context, recovery), updated_at: now })
        .where('id', '=', wallet.id)
        .execute();
    });
  }
}

/** Constant-time comparison of two keyed account hashes. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
