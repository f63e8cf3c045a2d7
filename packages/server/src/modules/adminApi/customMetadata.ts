import type { CustomMetadata } from '@latch/protocol';
import type { ColumnType, Kysely } from 'kysely';
import type { Db } from '../../kernel/store/db.js';

/** users.custom_metadata (migration 025): written only here, read with the user (`selectAll`, UserRow). */
interface CustomMetadataTables {
  users: {
    id: string;
    app_id: string;
    custom_metadata: ColumnType<CustomMetadata | null, string | null, string | null>;
  };
}

/**
 * Replaces the user's custom metadata (already checked: adminAccountInput.ts `CustomMetadataSchema`), on `db`
 * (the transaction that creates the user, or the pool). Returns false when the app has no such user.
 */
export async function setCustomMetadata(
  db: Db | Kysely<unknown>,
  appId: string,
  userId: string,
  metadata: CustomMetadata,
): Promise<boolean> {
  const updated = await (db as unknown as Kysely<CustomMetadataTables>)
    .updateTable('users')
    .set({ custom_metadata: JSON.stringify(metadata) })
    .where('id', '=', userId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
