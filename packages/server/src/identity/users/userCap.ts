import { LatchError } from '@latch/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../../kernel/store/schema.js';
import type { AppRecord } from '../apps/appStore.js';

/**
 * Takes the app's row lock, so that the app's new users (sign-ups, admin creates and imports) are made one at a time
 * and two at once cannot both take the last place, then refuses a new user past the app's cap (`max_accounts_reached`).
 */
export async function assertRoomForNewUser(trx: Transaction<Database>, app: AppRecord): Promise<void> {
  await trx.selectFrom('apps').select('id').where('id', '=', app.id).forUpdate().execute();
  if (app.maxUsers === null) return;
  const { count } = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('app_id', '=', app.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= app.maxUsers) throw new LatchError('max_accounts_reached');
}
