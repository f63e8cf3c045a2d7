import { LatchError } from '@latch/protocol';
import type { Kysely } from 'kysely';
import type { UserRef } from '../../identity/users/userRef.js';
import type { Clock } from '../../kernel/clock.js';
import { type EnvelopeContext, EnvelopeError, openEnvelope, sealEnvelope } from '../../kernel/crypto/envelope.js';
import type { Keyring } from '../../kernel/crypto/keyring.js';
import type { Db } from '../../kernel/store/db.js';
import { isUniqueViolation } from '../../kernel/store/db.js';
import type { Database } from '../../kernel/store/schema.js';
import { type PasswordOprf, verifierHash } from './oprf.js';
import {
  ADDRESS,
  b64,
  check,
  checkBytes,
  checkRecovery,
  type NewWalletInput,
  UUID,
  unb64,
  type WalletRecord,
} from './walletInput.js';

export type {
  NewWalletInput,
  PasswordRecoveryInput,
  ProviderRecoveryInput,
  WalletRecord,
} from './walletInput.js';

/**
 * Server-side custody of embedded wallets (DESIGN §4): auth shares under envelope encryption,
 * released only to their owner; recovery material as ciphertext; the password OPRF step.
 */
export class WalletCustody {
  private readonly db: Db;

  constructor(
    db: Db,
    private readonly keyring: Keyring,
    private readonly oprf: PasswordOprf,
    private readonly clock: Clock,
  ) {
    // The app's database includes migration 010's tables; narrow the view to them.
    this.db = db;
  }

  // The AAD of a share (and of the recovery key, bound to the primary set): app, user, wallet, share set.
  private context(owner: UserRef, walletId: string, shareSetId: string): EnvelopeContext {
    return [owner.appId, owner.userId, walletId, shareSetId];
  }

  private recoveryColumns(owner: UserRef, walletId: string, shareSetId: string, recovery: NewWalletInput['recovery']) {
    const context = this.context(owner, walletId, shareSetId);
    return recovery.method === 'latch'
      ? {
          recovery_method: 'latch' as const,
          recovery_share_sealed: b64(recovery.sealedShare),
          recovery_key_sealed: sealEnvelope(this.keyring, 'recovery-kek', context, recovery.recoveryKey),
          password_salt: null,
          password_verifier_hash: null,
          oprf_key_id: null,
        }
      : {
          recovery_method: 'user-passcode' as const,
          recovery_share_sealed: b64(recovery.sealedShare),
          recovery_key_sealed: null,
          password_salt: b64(recovery.salt),
          password_verifier_hash: verifierHash(recovery.verifier),
          oprf_key_id: this.keyring.currentKeyId,
        };
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
    within?: (tx: Kysely<Database>) => Promise<void>,
  ): Promise<WalletRecord> {
    check(UUID.test(input.walletId) && UUID.test(input.shareSetId), 'Invalid wallet or share set id.');
    check(typeof input.address === 'string' && ADDRESS.test(input.address), 'Invalid address.');
    checkBytes(input.authShare, 16, 256, 'auth share');
    checkRecovery(input.recovery);
    if (await this.getWallet(owner)) throw new LatchError('embedded_wallet_already_exists');
    const now = this.clock.now();
    const context = this.context(owner, input.walletId, input.shareSetId);
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
            ...this.recoveryColumns(owner, input.walletId, input.shareSetId, input.recovery),
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
  async getWallet(owner: UserRef): Promise<WalletRecord | undefined> {
    const row = await this.walletRow(owner);
    return (
      row && {
        id: row.id,
        address: row.address,
        recoveryMethod: row.recovery_method,
        primaryShareSetId: row.primary_share_set_id,
      }
    );
  }

  private walletRow(owner: UserRef) {
    return this.db
      .selectFrom('embedded_wallets')
      .selectAll()
      .where('app_id', '=', owner.appId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirst();
  }

  private async requireWallet(owner: UserRef) {
    const row = await this.walletRow(owner);
    if (!row) throw new LatchError('embedded_wallet_not_found');
    return row;
  }

  // Fails closed: a value that does not open under its context is never released.
  private open(purpose: 'auth-share-kek' | 'recovery-kek', context: EnvelopeContext, sealed: string): Uint8Array {
    try {
      return new Uint8Array(openEnvelope(this.keyring, purpose, context, sealed));
    } catch (error) {
      if (error instanceof EnvelopeError)
        throw new LatchError('internal_error', 'The stored share could not be opened.');
      throw error;
    }
  }

  /**
   * Releases the auth share of one of the owner's live share sets, only when it is bound to the calling
   * device (sets of other devices and sets made before device keys answer `not_found`: recover instead).
   */
  async releaseAuthShare(owner: UserRef, shareSetId: string, deviceId: string): Promise<Uint8Array> {
    const wallet = await this.requireWallet(owner);
    const set = await this.db
      .selectFrom('wallet_share_sets')
      .selectAll()
      .where('id', '=', shareSetId)
      .where('wallet_id', '=', wallet.id)
      .where('device_key_id', '=', deviceId)
      .executeTakeFirst();
    if (!set)
      throw new LatchError('not_found', 'This share set does not exist, was revoked or belongs to another device.');
    return this.open('auth-share-kek', this.context(owner, wallet.id, set.id), set.auth_share_sealed);
  }

  /** The auth share of the calling device's newest set (the export page unlocks with it after the step-up). */
  async releaseDeviceAuthShare(
    owner: UserRef,
    deviceId: string,
  ): Promise<{ shareSetId: string; authShare: Uint8Array }> {
    const wallet = await this.requireWallet(owner);
    const set = await this.db
      .selectFrom('wallet_share_sets')
      .selectAll()
      .where('wallet_id', '=', wallet.id)
      .where('device_key_id', '=', deviceId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!set) throw new LatchError('wallet_not_on_device');
    const authShare = this.open('auth-share-kek', this.context(owner, wallet.id, set.id), set.auth_share_sealed);
    return { shareSetId: set.id, authShare };
  }

  /**
   * Registers a new device's own 2-of-2 set (its auth share; the device share stays in its frame), bound
   * to that device; an earlier device set of the same device is replaced, so sets never outnumber devices.
   */
  async addDeviceShareSet(owner: UserRef, shareSetId: string, authShare: Uint8Array, deviceId: string): Promise<void> {
    check(UUID.test(shareSetId), 'Invalid share set id.');
    checkBytes(authShare, 16, 256, 'auth share');
    const wallet = await this.requireWallet(owner);
    const sealed = sealEnvelope(this.keyring, 'auth-share-kek', this.context(owner, wallet.id, shareSetId), authShare);
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
    const wallet = await this.requireWallet(owner);
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
    const wallet = await this.requireWallet(owner);
    const set = await this.db
      .selectFrom('wallet_share_sets')
      .selectAll()
      .where('id', '=', wallet.primary_share_set_id)
      .where('wallet_id', '=', wallet.id)
      .executeTakeFirst();
    if (!set) throw new LatchError('internal_error', 'The primary share set is missing.');
    return this.open('auth-share-kek', this.context(owner, wallet.id, set.id), set.auth_share_sealed);
  }

  /** Provider-managed recovery: the recovery ciphertext and its key (operator-recoverable by design). */
  async releaseProviderRecovery(owner: UserRef) {
    const wallet = await this.requireWallet(owner);
    if (wallet.recovery_method !== 'latch' || !wallet.recovery_key_sealed) {
      throw new LatchError('invalid_data', 'This wallet does not use provider-managed recovery.');
    }
    const context = this.context(owner, wallet.id, wallet.primary_share_set_id);
    const recoveryKey = this.open('recovery-kek', context, wallet.recovery_key_sealed);
    return { shareSetId: wallet.primary_share_set_id, sealedShare: unb64(wallet.recovery_share_sealed), recoveryKey };
  }

  /** Password recovery material: ciphertext and salt (useless without the password and the OPRF step). */
  async passwordRecovery(owner: UserRef) {
    const wallet = await this.requireWallet(owner);
    if (wallet.recovery_method !== 'user-passcode' || !wallet.password_salt) {
      throw new LatchError('invalid_data', 'This wallet does not use a recovery password.');
    }
    return {
      shareSetId: wallet.primary_share_set_id,
      sealedShare: unb64(wallet.recovery_share_sealed),
      salt: unb64(wallet.password_salt),
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
    const wallet = await this.walletRow(owner);
    if (wallet && wallet.id !== walletId) throw new LatchError('embedded_wallet_not_found');
    const context = { appId: owner.appId, userId: owner.userId, walletId };
    return this.oprf.evaluate(context, blinded, wallet?.oprf_key_id ?? undefined, onLock);
  }

  /** Resets the wrong-password counter when the verifier proves the password; false otherwise. */
  async confirmPassword(owner: UserRef, verifier: Uint8Array): Promise<boolean> {
    const wallet = await this.requireWallet(owner);
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
    const wallet = await this.requireWallet(owner);
    const now = this.clock.now();
    const sealed = sealEnvelope(this.keyring, 'auth-share-kek', this.context(owner, wallet.id, shareSetId), authShare);
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
        .set({
          primary_share_set_id: shareSetId,
          ...this.recoveryColumns(owner, wallet.id, shareSetId, recovery),
          updated_at: now,
        })
        .where('id', '=', wallet.id)
        .execute();
    });
  }
}
