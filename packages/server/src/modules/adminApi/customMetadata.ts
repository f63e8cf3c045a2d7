import type { CustomMetadata } from '@latch/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../kernel/store/schema.js';

/**
 * Replaces the user's custom metadata (already checked: adminAccountInput.ts `CustomMetadataSchema`), on `db`
 * (the transaction that creates the user, or the pool). Returns false when the app has no such user.
 */
export async function setCustomMetadata(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  metadata: CustomMetadata,
): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ custom_metadata: JSON.stringify(metadata) })
    .where('id', '=', userId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
