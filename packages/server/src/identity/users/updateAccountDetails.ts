import { enqueueEvent } from '../../kernel/outbox/enqueueEvent.js';
import type { Db } from '../../kernel/store/db.js';

/** The linked account whose details change: its row id and owner. */
export interface AccountOfUser {
  id: string;
  app_id: string;
  user_id: string;
}

/**
 * Sets a linked account's details (JSON text) and enqueues its `user.updated_account` event: the change and its
 * event commit together, in the caller's transaction when `db` is one, else in one of their own.
 */
export async function updateAccountDetails(db: Db, account: AccountOfUser, details: string, now: Date): Promise<void> {
  const change = async (tx: Db) => {
    const updated = await tx
      .updateTable('linked_accounts')
      .set({ details })
      .where('id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueEvent(tx, 'user.updated_account', {
      appId: account.app_id,
      userId: account.user_id,
      account: updated,
      now,
    });
  };
  if (db.isTransaction) await change(db);
  else await db.transaction().execute(change);
}
