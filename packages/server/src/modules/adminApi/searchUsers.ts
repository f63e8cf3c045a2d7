import { LatchError } from '@latch/protocol';
import { sql } from 'kysely';
import {
  accountsFromJson,
  accountsJsonOf,
  mfaFromJson,
  mfaJsonOf,
  type UsersContext,
  type UserWithAccounts,
} from '../../identity/users/userRecords.js';

/** Users per page by default, and at most. */
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;

/** A search: a part of an account's identity, and where the previous page ended. */
interface UserSearch {
  term: string;
  /** The id of the last user of the previous page. */
  cursor?: string;
  limit: number;
}

/** `term` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The app's users, newest first, with an account whose identity contains `term` (case-insensitive): an email
 * address, a phone number (E.164), a wallet address, a custom user id, an OAuth subject or the email an
 * OAuth provider gave. Pages by keyset on (created_at, id); an unknown cursor is `invalid_data`.
 */
export async function searchUsers(
  ctx: UsersContext,
  appId: string,
  search: UserSearch,
): Promise<{ users: UserWithAccounts[]; nextCursor: string | null }> {
  const pattern = containing(search.term);
  let after: { created_at: Date; id: string } | undefined;
  if (search.cursor !== undefined) {
    after = await ctx.db
      .selectFrom('users')
      .select(['created_at', 'id'])
      .where('app_id', '=', appId)
      .where('id', '=', search.cursor)
      .executeTakeFirst();
    if (!after) throw new LatchError('invalid_data', 'Invalid cursor: use the next_cursor of the previous page.');
  }
  let query = ctx.db
    .selectFrom('users as u')
    .selectAll('u')
    .select(accountsJsonOf('u.id').as('accounts'))
    .select(mfaJsonOf('u.id').as('mfa'))
    .where('u.app_id', '=', appId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('linked_accounts as la')
          .select('la.id')
          .whereRef('la.user_id', '=', 'u.id')
          .where((eb) =>
            eb.or([
              eb(sql`lower(la.account_key)`, 'like', pattern),
              eb(sql`lower(la.details->>'email')`, 'like', pattern),
            ]),
          ),
      ),
    );
  if (after) {
    const { created_at, id } = after;
    query = query.where((eb) =>
      eb.or([eb('u.created_at', '<', created_at), eb.and([eb('u.created_at', '=', created_at), eb('u.id', '<', id)])]),
    );
  }
  const rows = await query
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(search.limit + 1)
    .execute();
  const users = rows.slice(0, search.limit).map(({ accounts, mfa, ...user }) => ({
    user,
    accounts: accountsFromJson(accounts),
    mfa: mfaFromJson(mfa),
  }));
  return { users, nextCursor: rows.length > search.limit ? (users.at(-1)?.user.id ?? null) : null };
}
