import { LatchError } from '@latch/protocol';
import type { UserRef } from '../../identity/users/userRef.js';
import { type EnvelopeContext, EnvelopeError, openEnvelope } from '../../kernel/crypto/envelope.js';
import type { Keyring } from '../../kernel/crypto/keyring.js';
import type { Db } from '../../kernel/store/db.js';

/** The envelope context a share set's sealed values are bound to. */
// The AAD of a share (and of the recovery key, bound to the primary set): app, user, wallet, share set.
export function shareContext(owner: UserRef, walletId: string, shareSetId: string): EnvelopeContext {
  return [owner.appId, owner.userId, walletId, shareSetId];
}

/** The owner's embedded wallet row, if any. */
export function walletRow(db: Db, owner: UserRef) {
  return db
    .selectFrom('embedded_wallets')
    .selectAll()
    .where('app_id', '=', owner.appId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
}

/** The owner's embedded wallet row; `embedded_wallet_not_found` without one. */
export async function requireWallet(db: Db, owner: UserRef) {
  const row = await walletRow(db, owner);
  if (!row) throw new LatchError('embedded_wallet_not_found');
  return row;
}

/** Opens a sealed share or recovery key; fails closed: a value that does not open under its context is never released. */
export function openSealed(
  keyring: Keyring,
  purpose: 'auth-share-kek' | 'recovery-kek',
  context: EnvelopeContext,
  sealed: string,
): Uint8Array {
  try {
    return new Uint8Array(openEnvelope(keyring, purpose, context, sealed));
  } catch (error) {
    if (error instanceof EnvelopeError) throw new LatchError('internal_error', 'The stored share could not be opened.');
    throw error;
  }
}
