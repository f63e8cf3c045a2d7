import { LatchError } from '@latch/protocol';
import { CompiledQuery } from 'kysely';
import type { SessionStartEntry } from '../../kernel/module.js';
import { enqueueEventSql } from '../../kernel/outbox/enqueueEvent.js';
import type { UserRow } from '../identityTables.js';
import {
  type AccountJson,
  accountsFromJson,
  accountsJsonSql,
  type MfaJson,
  mfaFromJson,
  mfaJsonSql,
  type UsersContext,
  type UserWithAccounts,
} from '../users/userRecords.js';

// A whole login in one statement (one round trip, atomic): find the account; touch it, or create the
// user with it; start the session with its first refresh token; and read the user with its accounts.
// Data-modifying CTEs see the snapshot from before the statement, so a new user's rows come back from
// RETURNING, and an existing user's accounts are read as they were (the caller patches the touch in).
// The login's writes wait for a CTE `verdict(taken, retry_after_ms)` written before it: always taken
// here; in auth/passwordless a code check, whose own writes (the try counted, a spent code deleted)
// commit either way. Parameters $1…$10 (LOG_IN_PARAMETER_COUNT); a statement that puts more in front
// numbers its own after them. Fixed texts: no query building per login, one prepared statement each.
// The webhook events (user.created, user.authenticated) go into the outbox in the same statement, and so
// do the session-start hooks' short-lived entries (the device grant), bound to the owner, only when the
// login is written ($10: a JSON array of { key, value, expires_at }; the owner's id is added as `userId`).
const GATE = 'and exists (select 1 from verdict where taken)';

/** The login's CTEs and its final select, to follow a `verdict` CTE (parameters $1…$9). */
export const LOG_IN = `existing as (
    select id as account_id, user_id from linked_accounts
    where app_id = $1 and type = $2 and account_key = $3 ${GATE}
  ), touched as (
    update linked_accounts set latest_verified_at = $4::timestamptz, verified_at = $4::timestamptz
    where id = (select account_id from existing)
  ), new_user as (
    insert into users (id, app_id, created_at, accepted_terms_at)
    select $5, $1, $4::timestamptz, null where not exists (select 1 from existing) ${GATE}
    returning id
  ), new_account as (
    insert into linked_accounts
      (app_id, user_id, type, account_key, details, verified_at, first_verified_at, latest_verified_at, created_at)
    select $1, id, $2, $3, $6::jsonb, $4::timestamptz, $4::timestamptz, $4::timestamptz, $4::timestamptz from new_user
    returning *
  ), owner as (
    select user_id as id from existing union all select id from new_user
  ), new_session as (
    insert into sessions (id, app_id, user_id, created_at, last_refreshed_at)
    select $7, $1, id, $4::timestamptz, $4::timestamptz from owner
    returning id
  ), first_token as (
    insert into refresh_tokens (token_hash, session_id, created_at, expires_at)
    select $8, id, $4::timestamptz, $9::timestamptz from new_session
  ), session_entries as (
    insert into short_lived (key, value, expires_at)
    select e.key, (e.value || jsonb_build_object('userId', o.id))::text, e.expires_at
    from jsonb_to_recordset($10::jsonb) as e(key text, value jsonb, expires_at bigint) cross join owner o
    on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
  ), login_account as (
    select to_jsonb(na) as account, na.user_id from new_account na
    union all
    select to_jsonb(la), la.user_id from linked_accounts la join existing e on la.id = e.account_id
  ), created_event as (
    ${enqueueEventSql('user.created', { appId: '$1', userId: 'na.user_id', account: 'to_jsonb(na)', now: '$4::timestamptz', from: 'new_account na' })}
  ), authenticated_event as (
    ${enqueueEventSql('user.authenticated', { appId: '$1', userId: 'acc.user_id', account: 'acc.account', now: '$4::timestamptz', from: 'login_account acc' })}
  )
  select e.account_id::text as existing_account_id, u.id as user_id, u.created_at, u.accepted_terms_at,
    ${accountsJsonSql('u.id')} as accounts, ${mfaJsonSql('u.id')} as mfa,
    (select json_agg(na) from new_account na) as new_accounts,
    (select taken from verdict) as code_taken,
    (select retry_after_ms from verdict) as code_retry_after_ms
  from (select 1) as one
  left join existing e on true
  left join users u on u.id = e.user_id and u.app_id = $1`;

/** How many parameters LOG_IN takes ($1…$10, see `logInParameters`). */
export const LOG_IN_PARAMETER_COUNT = 10;

const LOG_IN_OR_SIGN_UP = `with verdict as (select true as taken, 0::bigint as retry_after_ms), ${LOG_IN}`;

/** The row LOG_IN selects. */
export interface LogInRow {
  existing_account_id: string | null;
  user_id: string | null;
  created_at: Date | null;
  accepted_terms_at: Date | null;
  accounts: AccountJson[] | null;
  mfa: MfaJson;
  new_accounts: AccountJson[] | null;
  code_taken: boolean | null;
  code_retry_after_ms: string | number | null;
}

/** What the statement writes besides the account: the new user's id and the session's rows. */
export interface LogInStatementInput {
  appId: string;
  type: string;
  accountKey: string;
  details: Record<string, unknown>;
  now: Date;
  newUserId: string;
  sessionId: string;
  refreshTokenHash: string;
  refreshTokenExpiresAt: Date;
  /** The session-start hooks' entries, written with the login (the short-lived store is this database's). */
  entries: readonly SessionStartEntry[];
}

/** The result of a login: the user with its accounts, and whether the login signed it up. */
export interface LoggedIn {
  user: UserWithAccounts;
  isNewUser: boolean;
  /** True when the login's one statement wrote its session-start entries (`LogInStatementInput.entries`). */
  entriesStored?: true;
}

/** LOG_IN's parameters $1…$10 for `input`. */
export function logInParameters(input: LogInStatementInput): unknown[] {
  const now = input.now.getTime();
  // The same value and expiry as SessionHooks.store writes through the store (the statement adds userId).
  const entries = input.entries.map(({ key, value, ttlMs }) => ({
    key,
    value: { ...value, expiresAt: now + ttlMs },
    expires_at: now + ttlMs,
  }));
  return [
    input.appId,
    input.type,
    input.accountKey,
    input.now,
    input.newUserId,
    JSON.stringify(input.details),
    input.sessionId,
    input.refreshTokenHash,
    input.refreshTokenExpiresAt,
    JSON.stringify(entries),
  ];
}

/**
 * Logs in the owner of the account (touching its verification times) or signs up a new user with it,
 * and starts the session, in one statement. For apps without an allowlist or a user cap (those checks
 * need the owner or a count first). Throws PostgreSQL's unique violation when another request signed
 * up the same account at the same moment (nothing is written then).
 */
export async function logInOrSignUpInOneStatement(
  ctx: Pick<UsersContext, 'db'>,
  input: LogInStatementInput,
): Promise<LoggedIn> {
  const { rows } = await ctx.db.executeQuery(
    CompiledQuery.raw(LOG_IN_OR_SIGN_UP, logInParameters(input)) as CompiledQuery<LogInRow>,
  );
  return loggedInFrom(rows[0], input);
}

/** What LOG_IN's row says, for a row whose verdict took the code (or had none to take). */
export function loggedInFrom(row: LogInRow | undefined, input: LogInStatementInput): LoggedIn {
  if (!row) throw new LatchError('internal_error');
  const { appId, now } = input;
  if (row.existing_account_id !== null) {
    if (row.user_id === null || row.created_at === null) throw new LatchError('internal_error');
    const user: UserRow = {
      id: row.user_id,
      app_id: appId,
      created_at: row.created_at,
      accepted_terms_at: row.accepted_terms_at,
    };
    // The touch is not visible to the statement's own read: apply it here.
    const accounts = accountsFromJson(row.accounts).map((account) =>
      account.id === row.existing_account_id ? { ...account, latest_verified_at: now, verified_at: now } : account,
    );
    return { user: { user, accounts, mfa: mfaFromJson(row.mfa) }, isNewUser: false, entriesStored: true };
  }
  const user: UserRow = { id: input.newUserId, app_id: appId, created_at: now, accepted_terms_at: null };
  return { user: { user, accounts: accountsFromJson(row.new_accounts) }, isNewUser: true, entriesStored: true };
}
