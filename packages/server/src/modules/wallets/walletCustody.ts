import { LatchError } from '@latch/protocol';
import type { UserRef } from '../../identity/users/userRef.js';
import type { Clock } from '../../kernel/clock.js';
import { sealEnvelope } from '../../kernel/crypto/envelope.js';
import type { Keyring } from '../../kernel/crypto/keyring.js';
import type { Db } from '../../kernel/store/db.js';
import { isUniqueViolation } from '../../kernel/store/db.js';
import type { PasswordOprf } from './oprf.js';
import {
  ADDRESS,
  check,
  checkBytes,
  checkRecovery,
  type NewWalletInput,
  UUID,
  type WalletRecord,
} from './walletInput.js';
import { recoveryColumns, WalletRecovery } from './walletRecovery.js';
import { openSealed, requireWallet, shareContext, walletRow } from './walletRows.js';

/**
 * Server-side custody of embedded wallets (DESIGN §4): auth shares under envelope encryption,
 * released only to their owner; recovery material as ciphertext and the password OPRF step (`recovery`).
 */
export class WalletCustody {
  private readonly db: Db;
  /** The recovery material, the password OPRF step and the replacement of a wallet's recovery. */
  readonly recovery: WalletRecovery;

  constructor(
    db: Db,
    private readonly keyring: Keyring,
    oprf: PasswordOprf,
    private readonly clock: Clock,
  ) {
    // The app's database includes migration 010's tables; narrow the view to them.
    this.db = db;
    this.recovery = new WalletRecovery(this.db, keyring, oprf, clock);
  }

  /**
   * Registers a new wallet with its first (2-of-3) share set, bound to the creating device; one wallet
   * per user. `within` runs in the same transaction (the linked `wallet` account), so a conflict leaves
   * nothing behind: 409 `embedded_wallet_already_exists`, or `linked_to_another_user` from `within`.
   */
  async createWallet(
    owner: UserRef,
    input: NewWalletInput,
    deviceId: string,
    within?: (tx: Db) => Promise<void>,
  ): Promise<WalletRecord> {
    check(UUID.test(input.walletId) && UUID.test(input.shareSetId), 'Invalid wallet or share set id.');
    check(typeof input.address === 'string' && ADDRESS.test(input.address), 'Invalid address.');
    checkBytes(input.authShare, 16, 256, 'auth share');
    checkRecovery(input.recovery);
    if (await this.getWallet(owner)) throw new LatchError('embedded_wallet_already_exists');
    const now = this.clock.now();
    const context = shareContext(owner, input.walletId, input.shareSetId);
    try {
      await this.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('embedded_wallets')
          .values({
            id: input.walletId,
            app_id: owner.appId,
            user_id: owner.userId,
            address: input.address,
            primary_share_set_id: input.shareSetId,
            ...recoveryColumns(this.keyring, context, input.recovery),
            created_at: now,
            updated_at: now,
          })
          .execute();
        await tx
          .insertInto('wallet_share_sets')
          .values({
            id: input.shareSetId,
            wallet_id: input.walletId,
            kind: 'primary',
            auth_share_sealed: sealEnvelope(this.keyring, 'auth-share-kek', context, input.authShare),
            created_at: now,
            device_key_id: deviceId,
          })
          .execute();
        await within?.(tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        // Two creates racing for one user, or an address another user linked meanwhile.
        const constraint = (error as { constraint?: unknown }).constraint;
        if (constraint === 'linked_accounts_identity_uq') throw new LatchError('linked_to_another_user');
        throw new LatchError('embedded_wallet_already_exists');
      }
      throw error;
    }
    return {
      id: input.walletId,
      address: input.address,
      recoveryMethod: input.recovery.method,
      primaryShareSetId: input.shareSetId,
    };
  }

  /** The owner's embedded wallet, if any. */
  /** The keyed hash of the cloud account a cloud-backed wallet is bound to (docs/cloud-backup.md), else null. */
  async cloudAccountHash(owner: UserRef): Promise<string | null> {
    return (await walletRow(this.db, owner))?.cloud_account_hash ?? null;
  }

  async getWallet(owner: UserRef): Promise<WalletRecord | undefined> {
    const row = await walletRow(this.db, owner);
    return (
      row && {
        id: row.id,
        address: row.address,
        recoveryMethod: row.recovery_method,
        primaryShareSetId: row.primary_share_set_id,
      }
    );
  }

  /**
   * Releases the auth share of one of the owner's live share sets, only when it is bound to the calling
   * device (sets of other devices and sets made before device keys answer `not_found`: recover instead).
   */
  async releaseAuthShare(owner: UserRef, shareSetId: string, deviceId: string): Promise<Uint8Array> {
    const wallet = await requireWallet(this.db, owner);
    const set = await this.db
      .selectFrom('wallet_share_sets')
      .selectAll()
      .where('id', '=', shareSetId)
      .where('wallet_id', '=', wallet.id)
      .where('device_key_id', '=', deviceId)
      .executeTakeFirst();
    if (!set)
      throw new LatchError('not_found', 'This share set does not exist, was revoked or belongs to another device.');
    return openSealed(this.keyring, 'auth-share-kek', shareContext(owner, wallet.id, set.id), set.auth_share_sealed);
  }

  /** The auth share of the calling device's newest set (the export page unlocks with it after the step-up). */
  async releaseDeviceAuthShare(
    owner: UserRef,
    deviceId: string,
  ): Promise<{ shareSetId: string; authShare: Uint8Array }> {
    const wallet = await requireWallet(this.db, owner);
    const set = await this.db
      .selectFrom('wallet_share_sets')
      .selectAll()
      .where('wallet_id', '=', wallet.id)
      .where('device_key_id', '=', deviceId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!set) throw new LatchError('wallet_not_on_device');
    const authShare = openSealed(
      this.keyring,
      'auth-share-kek',
      shareContext(owner, wallet.id, set.id),
      set.auth_share_sealed,
    );
    return { shareSetId: set.id, authShare };
  }

  /**
   * Registers a new device's own 2-of-2 set (its auth share; the device share stays in its frame), bound
   * to that device; an earlier device set of the same device is replaced, so sets never outnumber devices.
   */
  async addDeviceShareSet(owner: UserRef, shareSetId: string, authShare: Uint8Array, deviceId: string): Promise<void> {
    check(UUID.test(shareSetId), 'Invalid share set id.');
    checkBytes(authShare, 16, 256, 'auth share');
    const wallet = await requireWallet(this.db, owner);
    const sealed = sealEnvelope(this.keyring, 'auth-share-kek', shareContext(owner, wallet.id, shareSetId), authShare);
    try {
      await this.db.transaction().execute(async (tx) => {
        await tx
          .deleteFrom('wallet_share_sets')
          .where('wallet_id', '=', wallet.id)
          .where('kind', '=', 'device')
          .where('device_key_id', '=', deviceId)
          .execute();
        await tx
          .insertInto('wallet_share_sets')
          .values({
            id: shareSetId,
            wallet_id: wallet.id,
            kind: 'device',
            auth_share_sealed: sealed,
            created_at: this.clock.now(),
            device_key_id: deviceId,
          })
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new LatchError('invalid_data', 'This share set already exists.');
      throw error;
    }
  }

  /**
   * Revokes a device's set: its auth share is deleted, so that device's share alone is useless, and
   * the device's key is revoked with it (its custody calls get 403 until a fresh login registers it).
   */
  async revokeDeviceShareSet(owner: UserRef, shareSetId: string): Promise<void> {
    const wallet = await requireWallet(this.db, owner);
    await this.db.transaction().execute(async (tx) => {
      const deleted = await tx
        .deleteFrom('wallet_share_sets')
        .where('id', '=', shareSetId)
        .where('wallet_id', '=', wallet.id)
        .where('kind', '=', 'device')
        .returning('device_key_id')
        .executeTakeFirst();
      if (!deleted) throw new LatchError('not_found', 'No such device share set.');
      if (deleted.device_key_id === null) return;
      await tx
        .updateTable('device_keys')
        .set({ revoked_at: this.clock.now() })
        .where('app_id', '=', owner.appId)
        .where('user_id', '=', owner.userId)
        .where('id', '=', deleted.device_key_id)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  /** The primary set's auth share: a new device needs it with the recovery material. */
  async releasePrimaryAuthShare(owner: UserRef): Promise<Uint8Array> {
    const wallet = await requireWallet(this.db, owner);
    const set = await this.db
      .selectFrom('wallet_share_sets')
      .selectAll()
      .where('id', '=', wallet.primary_share_set_id)
      .where('wallet_id', '=', wallet.id)
      .executeTakeFirst();
    if (!set) throw new LatchError('internal_error', 'The primary share set is missing.');
    return openSealed(this.keyring, 'auth-share-kek', shareContext(owner, wallet.id, set.id), set.auth_share_sealed);
  }
}
