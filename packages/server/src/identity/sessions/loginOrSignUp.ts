import { LatchError } from '@latch/protocol';
import type { Insertable, Transaction } from 'kysely';
import { newUserId } from '../../kernel/ids.js';
import type { SessionStartEntry } from '../../kernel/module.js';
import { enqueueEvent } from '../../kernel/outbox/enqueueEvent.js';
import { isUniqueViolation } from '../../kernel/store/db.js';
import type { Database } from '../../kernel/store/schema.js';
import type { AppRecord } from '../apps/appStore.js';
import type { LinkedAccountRow, RefreshTokensTable, SessionsTable, UserRow } from '../identityTables.js';
import {
  type AccountInput,
  accountDetails,
  accountKey,
  allowlistValues,
  assertAccountTypeEnabled,
  isEmbeddedWallet,
  newAccountRow,
  normaliseAccount,
} from '../users/accounts.js';
import { assertRoomForNewUser } from '../users/userCap.js';
import {
  accountsFromJson,
  accountsJsonOf,
  mfaFromJson,
  mfaJsonOf,
  type UsersContext,
  type UserWithAccounts,
} from '../users/userRecords.js';
import { type LoggedIn, type LogInStatementInput, logInOrSignUpInOneStatement } from './logInOrSignUpStatement.js';

// Logging in with a verified account, or signing up with it. Linking and unlinking are in users.ts.

/**
 * Throws `allowlist_rejected` unless one of the accounts, or the email the login's provider vouched for
 * (`verifiedEmail`: never an unverified one), is on the app's allowlist; nothing without an allowlist.
 */
function assertAllowlisted(
  app: AppRecord,
  candidates: Array<{ type: string; account_key: string; details?: unknown }>,
  verifiedEmail: string | null,
): void {
  if (!app.allowlist) return;
  const allowed = new Set(app.allowlist);
  if (verifiedEmail && allowed.has(verifiedEmail.trim().toLowerCase())) return;
  if (!candidates.some((account) => allowlistValues(account).some((value) => allowed.has(value)))) {
    throw new LatchError('allowlist_rejected');
  }
}

/** How a login may go: `signUp: false` refuses a new user; `verifiedEmail` is what the provider vouched for. */
export interface LoginOptions {
  signUp?: boolean;
  /**
   * The email address the login's provider says it verified (an OAuth profile's, a custom token's with
   * `email_verified: true`), checked against the allowlist beside the accounts' own values; null when none.
   */
  verifiedEmail?: string | null;
}

/** An account with its owner and the owner's accounts (one query), or undefined. */
async function findAccountWithOwner(
  ctx: UsersContext,
  appId: string,
  type: string,
  key: string,
): Promise<{ accountId: string; owner: UserWithAccounts } | undefined> {
  const row = await ctx.db
    .selectFrom('linked_accounts as la')
    .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'la.user_id').onRef('u.app_id', '=', 'la.app_id'))
    .select(['la.id as account_id', 'u.id', 'u.app_id', 'u.created_at', 'u.accepted_terms_at'])
    .select(accountsJsonOf('u.id').as('accounts'))
    .select(mfaJsonOf('u.id').as('mfa'))
    .where('la.app_id', '=', appId)
    .where('la.type', '=', type)
    .where('la.account_key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  const { account_id, accounts, mfa, ...user } = row;
  return {
    accountId: String(account_id),
    owner: { user, accounts: accountsFromJson(accounts), mfa: mfaFromJson(mfa) },
  };
}

/**
 * Rows to insert in the same statement as the login's own writes (a new session and its first
 * refresh token, from `sessions.ts`), so that a login costs fewer round trips. Given the user's id.
 * `entries`: the session-start hooks' short-lived entries, which the one-statement login writes too.
 */
export type SessionRows = (userId: string) => {
  session: Insertable<SessionsTable>;
  refreshToken: Insertable<RefreshTokensTable>;
  entries?: readonly SessionStartEntry[];
};

/**
 * A proof to check with a login (a one-time code, auth/passwordless): on its own before the login, or
 * inside the login's one statement when it can (`logInInOneStatement` runs that statement, the check in
 * front, and throws the proof's refusal).
 */
export interface LoginProof {
  verify(): Promise<void>;
  logInInOneStatement?: (input: LogInStatementInput) => Promise<LoggedIn>;
}

/** A fresh user id (used only on sign-up) and the session's rows, as the one-statement login takes them. */
function sessionInput(sessionRows: SessionRows) {
  const userId = newUserId();
  const { session, refreshToken, entries = [] } = sessionRows(userId);
  return {
    newUserId: userId,
    sessionId: session.id,
    refreshTokenHash: refreshToken.token_hash,
    refreshTokenExpiresAt: new Date(refreshToken.expires_at),
    entries,
  };
}

/**
 * Logs in the owner of a verified account, or signs up a new user with it. Enforces the app's login
 * methods (`disallowed_login_method`), allowlist (`allowlist_rejected`: an account of the user, or the
 * provider's verified email, must be listed) and user cap for new users
 * (`max_accounts_reached`); with `signUp: false` an account no user owns fails (`signup_disabled`). With `sessionRows`, the session rows are written in the same statement
 * as the login's own write (one round trip to find the account, one to write).
 */
export async function loginOrSignUp(
  ctx: UsersContext,
  app: AppRecord,
  input: AccountInput,
  sessionRows?: SessionRows,
  proof?: LoginProof,
  { signUp = true, verifiedEmail = null }: LoginOptions = {},
): Promise<LoggedIn> {
  const appId = app.id;
  const account = normaliseAccount(input);
  if (isEmbeddedWallet(account)) throw new LatchError('disallowed_login_method');
  assertAccountTypeEnabled(app, account.type);
  const key = accountKey(account);
  const now = ctx.clock.now();

  // Without an allowlist or a user cap nothing needs checking between reading and writing: the login
  // is one statement, with the proof's check inside it when the proof can.
  // The one statement signs up when the account is new, so a login that must not sign up takes the long way.
  const inOneStatement = sessionRows !== undefined && !app.allowlist && app.maxUsers === null && signUp;
  const checkInside = inOneStatement ? proof?.logInInOneStatement : undefined;
  if (proof && !checkInside) await proof.verify();

  for (let attempt = 0; attempt < 2; attempt++) {
    if (inOneStatement) {
      try {
        const login = {
          appId,
          type: account.type,
          accountKey: key,
          details: accountDetails(account),
          now,
          ...sessionInput(sessionRows),
        };
        return await (checkInside ? checkInside(login) : logInOrSignUpInOneStatement(ctx, login));
      } catch (error) {
        // Another request signed up the same account at the same moment: the retry logs in as that user.
        if (!isUniqueViolation(error) || attempt > 0) throw error;
        continue;
      }
    }
    const existing = await findAccountWithOwner(ctx, appId, account.type, key);
    if (existing) {
      const { owner, accountId } = existing;
      assertAllowlisted(app, owner.accounts, verifiedEmail);
      const touch = ctx.db
        .updateTable('linked_accounts')
        .set({ latest_verified_at: now, verified_at: now })
        .where('id', '=', accountId);
      if (sessionRows) {
        const rows = sessionRows(owner.user.id);
        const account = owner.accounts.find((a) => String(a.id) === accountId) ?? null;
        // The login and its user.authenticated event commit together (kernel/outbox/enqueueEvent.ts).
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .with('touched', () => touch.returning('id'))
            .with('new_session', (db) => db.insertInto('sessions').values(rows.session).returning('id'))
            .insertInto('refresh_tokens')
            .values(rows.refreshToken)
            .execute();
          await enqueueEvent(trx, 'user.authenticated', { appId, userId: owner.user.id, account, now });
        });
      } else {
        await touch.execute();
      }
      // The update touched only these two fields of this row: no second read needed.
      const accounts = owner.accounts.map((a) =>
        String(a.id) === accountId ? { ...a, latest_verified_at: now, verified_at: now } : a,
      );
      return { user: { user: owner.user, accounts }, isNewUser: false };
    }
    // After the proof: only the account's owner learns that it has no user.
    if (!signUp) throw new LatchError('signup_disabled');
    assertAllowlisted(app, [{ type: account.type, account_key: key, details: accountDetails(account) }], verifiedEmail);
    try {
      return { user: await createUser(ctx, app, account, key, now, sessionRows), isNewUser: true };
    } catch (error) {
      // Another request signed up the same account at the same moment: log in as that user instead.
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
  throw new LatchError('internal_error');
}

/** Enqueues user.created, and user.authenticated when a session starts, in the sign-up's transaction. */
async function enqueueSignUpEvents(
  trx: Transaction<Database>,
  appId: string,
  userId: string,
  account: LinkedAccountRow,
  now: Date,
  withSession: boolean,
): Promise<void> {
  await enqueueEvent(trx, 'user.created', { appId, userId, account, now });
  if (withSession) await enqueueEvent(trx, 'user.authenticated', { appId, userId, account, now });
}

/** Creates a user with its first account; returns both as stored, without reading them back. */
async function createUser(
  ctx: UsersContext,
  app: AppRecord,
  account: AccountInput,
  key: string,
  now: Date,
  sessionRows?: SessionRows,
): Promise<UserWithAccounts> {
  const user: UserRow = { id: newUserId(), app_id: app.id, created_at: now, accepted_terms_at: null };
  const newAccount = newAccountRow(app.id, user.id, account, key, now);
  if (app.maxUsers === null) {
    // The user, its account (and its session) in one statement (atomic, one round trip); the
    // foreign keys are checked at its end.
    const rows = sessionRows?.(user.id);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const withUser = trx.with('new_user', (db) => db.insertInto('users').values(user).returning('id'));
      const inserted = await (rows
        ? withUser
            .with('new_session', (db) => db.insertInto('sessions').values(rows.session).returning('id'))
            .with('first_token', (db) =>
              db.insertInto('refresh_tokens').values(rows.refreshToken).returning('token_hash'),
            )
            .insertInto('linked_accounts')
        : withUser.insertInto('linked_accounts')
      )
        .values(newAccount)
        .returningAll()
        .executeTakeFirstOrThrow();
      await enqueueSignUpEvents(trx, app.id, user.id, inserted, now, rows !== undefined);
      return inserted;
    });
    return { user, accounts: [row] };
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    await assertRoomForNewUser(trx, app);
    await trx.insertInto('users').values(user).execute();
    const inserted = await trx
      .insertInto('linked_accounts')
      .values(newAccount)
      .returningAll()
      .executeTakeFirstOrThrow();
    const rows = sessionRows?.(user.id);
    if (rows) {
      await trx.insertInto('sessions').values(rows.session).execute();
      await trx.insertInto('refresh_tokens').values(rows.refreshToken).execute();
    }
    await enqueueSignUpEvents(trx, app.id, user.id, inserted, now, rows !== undefined);
    return inserted;
  });
  return { user, accounts: [row] };
}
