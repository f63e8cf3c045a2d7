import { LatchError } from '@latch/protocol';
import type { AppRecord } from '../../identity/apps/appStore.js';
import { type AccountInput, accountKey, newAccountRow } from '../../identity/users/accounts.js';
import { assertRoomForNewUser } from '../../identity/users/userCap.js';
import { getUser, type UsersContext, type UserWithAccounts } from '../../identity/users/userRecords.js';
import { newUserId } from '../../kernel/ids.js';
import { enqueueEvent } from '../../kernel/outbox/enqueueEvent.js';
import { isUniqueViolation } from '../../kernel/store/db.js';
import { setCustomMetadata } from './customMetadata.js';

/** A user to create: its accounts (already checked, adminAccountInput.ts) and its custom metadata. */
interface NewUser {
  accounts: AccountInput[];
  customMetadata?: Record<string, string | number | boolean>;
}

/** What became of a user to create: made now, or (import only) already there with exactly these accounts. */
type CreateOutcome = { status: 'created' | 'exists'; user: UserWithAccounts };

/** The ids of the users that already hold any of the accounts. */
async function owners(ctx: UsersContext, appId: string, accounts: AccountInput[]): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom('linked_accounts')
    .select('user_id')
    .where('app_id', '=', appId)
    .where((eb) => eb.or(accounts.map((a) => eb.and([eb('type', '=', a.type), eb('account_key', '=', accountKey(a))]))))
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/**
 * For an import, an existing user that holds every given account (the same user imported again) is the
 * answer, unchanged: so an import can be rerun. Any other overlap is `linked_to_another_user`.
 */
async function existingOwner(ctx: UsersContext, app: AppRecord, input: NewUser, idempotent: boolean) {
  const found = await owners(ctx, app.id, input.accounts);
  if (found.size === 0) return undefined;
  const [only] = [...found];
  const user = found.size === 1 && idempotent ? await getUser(ctx, app.id, only as string) : undefined;
  const holdsAll = input.accounts.every((a) =>
    user?.accounts.some((held) => held.type === a.type && held.account_key === accountKey(a)),
  );
  if (user && holdsAll) return user;
  throw new LatchError('linked_to_another_user', 'One of the linked accounts belongs to another user.');
}

/** Inserts the user, its accounts and its `user.created` event in one transaction (the app's user cap kept). */
async function insertUser(ctx: UsersContext, app: AppRecord, input: NewUser): Promise<UserWithAccounts> {
  const now = ctx.clock.now();
  const id = newUserId();
  return ctx.db.transaction().execute(async (trx) => {
    // Serialised with sign-ups (the same lock), so the cap holds under a race.
    if (app.maxUsers !== null) await assertRoomForNewUser(trx, app);
    const user = { id, app_id: app.id, created_at: now, accepted_terms_at: null };
    await trx.insertInto('users').values(user).execute();
    if (input.customMetadata) await setCustomMetadata(trx, app.id, id, input.customMetadata);
    const accounts = await trx
      .insertInto('linked_accounts')
      .values(input.accounts.map((a) => newAccountRow(app.id, id, a, accountKey(a), now)))
      .returningAll()
      .execute();
    accounts.sort((a, b) => Number(a.id) - Number(b.id));
    // One user.created, about the first account given (as a sign-up's is about the account signed up with).
    await enqueueEvent(trx, 'user.created', { appId: app.id, userId: id, account: accounts[0] ?? null, now });
    return { user: { ...user, custom_metadata: input.customMetadata ?? null }, accounts };
  });
}

/**
 * Creates a user with its linked accounts (admin API `createUser` / `importUser`). An account another user
 * holds is `linked_to_another_user`; with `idempotent` (imports), a user holding exactly the given accounts
 * already is answered as `exists`, unchanged.
 */
export async function createUserWithAccounts(
  ctx: UsersContext,
  app: AppRecord,
  input: NewUser,
  idempotent: boolean,
): Promise<CreateOutcome> {
  const existing = await existingOwner(ctx, app, input, idempotent);
  if (existing) return { status: 'exists', user: existing };
  try {
    return { status: 'created', user: await insertUser(ctx, app, input) };
  } catch (error) {
    // Another call created one of these accounts between the check and the insert: answer as if it came first.
    if (!isUniqueViolation(error)) throw error;
    const raced = await existingOwner(ctx, app, input, idempotent);
    if (raced) return { status: 'exists', user: raced };
    throw new LatchError('linked_to_another_user', 'One of the linked accounts belongs to another user.');
  }
}
