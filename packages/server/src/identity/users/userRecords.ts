import { userDid, type WireUser } from '@latch/protocol';
import { type RawBuilder, sql } from 'kysely';
import type { ServerContext } from '../../kernel/context.js';
import type { LinkedAccountRow, UserRow } from '../identityTables.js';
import { toWireAccount } from './accounts.js';
import { type MfaEnrolment, mfaMethodsOfUser } from './mfaMethodsOfUser.js';

// Reading users: a user and its accounts in one query, and their wire shape. Writes are in users.ts.

/** What the user services need from the server context. */
export type UsersContext = Pick<ServerContext, 'db' | 'clock' | 'apps'>;

/** A user with its linked accounts. */
export interface UserWithAccounts {
  user: UserRow;
  accounts: LinkedAccountRow[];
  /** When the user enrolled TOTP / SMS MFA (`mfaJsonSql`); absent where a read did not load it (a new user has none). */
  mfa?: MfaEnrolment;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The protocol WireUser of a user; `id` is the DID, equal to the access token's `sub`. */
export function toWireUser({ user, accounts, mfa }: UserWithAccounts): WireUser {
  return {
    id: userDid(user.id),
    created_at: seconds(user.created_at),
    linked_accounts: accounts.map(toWireAccount),
    mfa_methods: mfaMethodsOfUser(mfa ?? { totp: null, sms: null }, accounts).map((m) => ({
      type: m.type,
      verified_at: seconds(m.verifiedAt),
    })),
    has_accepted_terms: user.accepted_terms_at !== null,
    ...(user.custom_metadata ? { custom_metadata: user.custom_metadata } : {}),
  };
}

/** A linked account as `json_agg` returns it: timestamps as ISO strings, the bigserial id as a number. */
export type AccountJson = Omit<
  LinkedAccountRow,
  'id' | 'verified_at' | 'first_verified_at' | 'latest_verified_at' | 'created_at'
> & {
  id: string | number;
  verified_at: string;
  first_verified_at: string;
  latest_verified_at: string;
  created_at: string;
};

/**
 * SQL for a user's linked accounts (oldest first) as one JSON array, or null when there are none, given
 * the SQL of the user's id (a column such as `u.id`): read in the same query as the user, so a user
 * costs one round trip.
 */
export function accountsJsonSql(userIdColumn: string): string {
  return `(select json_agg(la order by la.id) from linked_accounts la where la.user_id = ${userIdColumn})`;
}

/** The user's TOTP / SMS MFA enrolment times as JSON (null when none), read in the same query as the user. */
export function mfaJsonSql(userIdColumn: string): string {
  return `(select json_build_object('totp', m.totp_enrolled_at, 'sms', m.sms_enrolled_at) from user_mfa m where m.user_id = ${userIdColumn})`;
}

/** The JSON of `mfaJsonSql`. */
export type MfaJson = { totp: string | null; sms: string | null } | null;

/** `mfaJsonSql`'s value as enrolment times. */
export function mfaFromJson(json: MfaJson): MfaEnrolment {
  const at = (value: string | null | undefined) => (value ? new Date(value) : null);
  return { totp: at(json?.totp), sms: at(json?.sms) };
}

/** `mfaJsonSql` for Kysely queries. */
export function mfaJsonOf(userIdColumn: string): RawBuilder<MfaJson> {
  return sql.raw<MfaJson>(mfaJsonSql(userIdColumn));
}

/** `accountsJsonSql` for Kysely queries. */
export function accountsJsonOf(userIdColumn: string): RawBuilder<AccountJson[] | null> {
  return sql.raw<AccountJson[] | null>(accountsJsonSql(userIdColumn));
}

/** The rows of `accountsJsonOf`, typed as a plain select would return them. */
export function accountsFromJson(json: AccountJson[] | null): LinkedAccountRow[] {
  return (json ?? []).map((account) => ({
    ...account,
    id: String(account.id),
    verified_at: new Date(account.verified_at),
    first_verified_at: new Date(account.first_verified_at),
    latest_verified_at: new Date(account.latest_verified_at),
    created_at: new Date(account.created_at),
  }));
}

/** The user and its accounts (one query), or undefined. */
export async function getUser(ctx: UsersContext, appId: string, userId: string): Promise<UserWithAccounts | undefined> {
  const row = await ctx.db
    .selectFrom('users as u')
    .selectAll('u')
    .select(accountsJsonOf('u.id').as('accounts'))
    .select(mfaJsonOf('u.id').as('mfa'))
    .where('u.id', '=', userId)
    .where('u.app_id', '=', appId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { accounts, mfa, ...user } = row;
  return { user, accounts: accountsFromJson(accounts), mfa: mfaFromJson(mfa) };
}
