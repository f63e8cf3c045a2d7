import { LatchError } from '@latch/protocol';
import type { Kysely } from 'kysely';
import { EnvelopeError, openEnvelope, type ShareContext } from './envelope.js';
import type { WalletOwner } from './walletInput.js';
import type { WalletKeyring } from './walletKeyring.js';
import type { WalletTables } from './walletTables.js';

/** The envelope context a share set's sealed values are bound to. */
export function shareContext(owner: WalletOwner, walletId: string, shareSetId: string): ShareContext {
  return { appId: owner.appId, userId: owner.userId, walletId, shareSetId };
}

/** The owner's embedded wallet row, if any. */
export function walletRow(db: Kysely<WalletTables>, owner: WalletOwner) {
  return db
    .selectFrom('embedded_wallets')
    .selectAll()
    .where('app_id', '=', owner.appId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
}

/** The owner's embedded wallet row; `embedded_wallet_not_found` without one. */
export async function requireWallet(db: Kysely<WalletTables>, owner: WalletOwner) {
  const row = await walletRow(db, owner);
  if (!row) throw new LatchError('embedded_wallet_not_found');
  return row;
}

/** Opens a sealed share or recovery key; fails closed: a value that does not open under its context is never released. */
export function openSealed(
  keyring: WalletKeyring,
  purpose: 'auth-share-kek' | 'recovery-kek',
  context: ShareContext,
  sealed: string,
): Uint8Array {
  try {
    return new Uint8Array(openEnvelope(keyring, purpose, context, sealed));
  } catch (error) {
    if (error instanceof EnvelopeError) throw new LatchError('internal_error', 'The stored share could not be opened.');
    throw error;
  }
}
