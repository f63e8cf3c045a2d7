import { LatchError, type LinkedAccountType } from '@latch/protocol';
import type { Insertable } from 'kysely';
import type { AppRecord } from '../apps/appStore.js';
import type { CodeCheck } from '../codes/OneTimeCodes.js';
import { newUserId } from '../ids.js';
import { isUniqueViolation } from '../store/db.js';
import type { RefreshTokensTable, SessionsTable, UserRow } from '../store/schema.js';
import {
  type AccountInput,
  accountDetails,
  accountKey,
  allowlistValues,
  isEmbeddedWallet,
  loginMethodFlagFor,
  maxOfType,
} from './accounts.js';
import { logInOrSignUpInOneStatement } from './logInOrSignUpStatement.js';
import { accountsFromJson, accountsJsonOf, getUser, type UsersContext, type UserWithAccounts } from './userRecords.js';

async function requireUser(ctx: UsersContext, appId: string, userId: string): Promise<UserWithAccounts> {
  const found = await getUser(ctx, appId, userId);
  if (!found) throw new LatchError('missing_or_invalid_token');
  return found;
}

/** Lower-cases what must compare case-insensitively (email addresses). */
function normalise(account: AccountInput): AccountInput {
  if (account.type === 'email') return { ...account, address: account.address.trim().toLowerCase() };
  return account;
}

function assertMethodEnabled(app: AppRecord, type: LinkedAccountType): void {
  const flag = loginMethodFlagFor(type);
  if (flag && !app.config[flag]) throw new LatchError('disallowed_login_method');
}

function assertAllowlisted(app: AppRecord, candidates: Array<{ type: string; account_key: string }>): void {
  if (!app.allowlist) return;
  const allowed = new Set(app.allowlist);
  if (!candidates.some((account) => allowlistValues(account).some((value) => allowed.has(value)))) {
    throw new LatchError('allowlist_rejected');
  }
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
    .where('la.app_id', '=', appId)
    .where('la.type', '=', type)
    .where('la.account_key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  const { account_id, accounts, ...user } = row;
  return { accountId: String(account_id), owner: { user, accounts: accountsFromJson(accounts) } };
}

async function findAccount(ctx: UsersContext, appId: string, type: string, key: string) {
  return ctx.db
    .selectFrom('linked_accounts')
    .selectAll()
    .where('app_id', '=', appId)
    .where('type', '=', type)
    .where('account_key', '=', key)
    .executeTakeFirst();
}

/**
 * Rows to insert in the same statement as the login's own writes (a new session and its first
 * refresh token, from `sessions.ts`), so that a login costs fewer round trips. Given the user's id.
 */
export type SessionRows = (userId: string) => {
  session: Insertable<SessionsTable>;
  refreshToken: Insertable<RefreshTokensTable>;
};

/** A fresh user id (used only on sign-up) and the session's rows, as the one-statement login takes them. */
function sessionInput(sessionRows: SessionRows) {
  const userId = newUserId();
  const { session, refreshToken } = sessionRows(userId);
  return {
    newUserId: userId,
    sessionId: session.id,
    refreshTokenHash: refreshToken.token_hash,
    refreshTokenExpiresAt: new Date(refreshToken.expires_at),
  };
}

/**
 * Logs in the owner of a verified account, or signs up a new user with it. Enforces the app's login
 * methods (`disallowed_login_method`), allowlist (`allowlist_rejected`) and user cap for new users
 * (`max_accounts_reached`). With `sessionRows`, the session rows are written in the same statement
 * as the login's own write (one round trip to find the account, one to write).
 */
export async function loginOrSignUp(
  ctx: UsersContext,
  appId: string,
  input: AccountInput,
  sessionRows?: SessionRows,
  codeCheck?: CodeCheck,
): Promise<{ user: UserWithAccounts; isNewUser: boolean }> {
  const app = await ctx.apps.require(appId);
  const account = normalise(input);
  if (isEmbeddedWallet(account)) throw new LatchError('disallowed_login_method');
  assertMethodEnabled(app, account.type);
  const key = accountKey(account);
  const now = ctx.clock.now();

  // Without an allowlist or a user cap nothing needs checking between reading and writing: the login
  // is one statement, with the code check inside it when the store allows.
  const inOneStatement = sessionRows !== undefined && !app.allowlist && app.maxUsers === null;
  const checkInside = inOneStatement && codeCheck?.sql ? { ...codeCheck, sql: codeCheck.sql } : undefined;
  if (codeCheck && !checkInside) await codeCheck.verify();

  for (let attempt = 0; attempt < 2; attempt++) {
    if (inOneStatement) {
      try {
        return await logInOrSignUpInOneStatement(
          ctx,
          {
            appId,
            type: account.type,
            accountKey: key,
            details: accountDetails(account),
            now,
            ...sessionInput(sessionRows),
          },
          checkInside,
        );
      } catch (error) {
        // Another request signed up the same account at the same moment: the retry logs in as that user.
        if (!isUniqueViolation(error) || attempt > 0) throw error;
        continue;
      }
    }
    const existing = await findAccountWithOwner(ctx, appId, account.type, key);
    if (existing) {
      const { owner, accountId } = existing;
      assertAllowlisted(app, owner.accounts);
      const touch = ctx.db
        .updateTable('linked_accounts')
        .set({ latest_verified_at: now, verified_at: now })
        .where('id', '=', accountId);
      if (sessionRows) {
        const rows = sessionRows(owner.user.id);
        await ctx.db
          .with('touched', () => touch.returning('id'))
          .with('new_session', (db) => db.insertInto('sessions').values(rows.session).returning('id'))
          .insertInto('refresh_tokens')
          .values(rows.refreshToken)
          .execute();
      } else {
        await touch.execute();
      }
      // The update touched only these two fields of this row: no second read needed.
      const accounts = owner.accounts.map((a) =>
        String(a.id) === accountId ? { ...a, latest_verified_at: now, verified_at: now } : a,
      );
      return { user: { user: owner.user, accounts }, isNewUser: false };
    }
    assertAllowlisted(app, [{ type: account.type, account_key: key }]);
    try {
      return { user: await createUser(ctx, app, account, key, now, sessionRows), isNewUser: true };
    } catch (error) {
      // Another request signed up the same account at the same moment: log in as that user instead.
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
  throw new LatchError('internal_error');
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
  const newAccount = {
    app_id: app.id,
    user_id: user.id,
    type: account.type,
    account_key: key,
    details: JSON.stringify(accountDetails(account)),
    verified_at: now,
    first_verified_at: now,
    latest_verified_at: now,
    created_at: now,
  };
  if (app.maxUsers === null) {
    // The user, its account (and its session) in one statement (atomic, one round trip); the
    // foreign keys are checked at its end.
    const withUser = ctx.db.with('new_user', (db) => db.insertInto('users').values(user).returning('id'));
    const rows = sessionRows?.(user.id);
    const row = await (rows
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
    return { user, accounts: [row] };
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    // Serialise sign-ups of this app so two at once cannot both take the last place.
    await trx.selectFrom('apps').select('id').where('id', '=', app.id).forUpdate().execute();
    const { count } = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('app_id', '=', app.id)
      .executeTakeFirstOrThrow();
    if (app.maxUsers !== null && Number(count) >= app.maxUsers) throw new LatchError('max_accounts_reached');
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
    return inserted;
  });
  return { user, accounts: [row] };
}

/**
 * Links a verified account to a user. Refuses a second account of a single-kind type
 * (`cannot_link_more_of_type`, 5 for passkeys) and an account another user owns (`linked_to_another_user`).
 */
export async function linkAccount(
  ctx: UsersContext,
  appId: string,
  userId: string,
  input: AccountInput,
): Promise<UserWithAccounts> {
  const app = await ctx.apps.require(appId);
  const account = normalise(input);
  if (isEmbeddedWallet(account))
    throw new LatchError('invalid_data', 'The embedded wallet cannot be linked as an external wallet.');
  assertMethodEnabled(app, account.type);
  const key = accountKey(account);
  const now = ctx.clock.now();
  const owner = await requireUser(ctx, appId, userId);
  const existing = await findAccount(ctx, appId, account.type, key);
  if (existing && existing.user_id !== userId) throw new LatchError('linked_to_another_user');
  if (existing) {
    await ctx.db
      .updateTable('linked_accounts')
      .set({ latest_verified_at: now, verified_at: now })
      .where('id', '=', existing.id)
      .execute();
    return requireUser(ctx, appId, userId);
  }
  const sameType = owner.accounts.filter((a) => a.type === account.type && !isEmbeddedWallet(a));
  if (sameType.length >= maxOfType(account.type)) {
    throw new LatchError(
      'cannot_link_more_of_type',
      account.type === 'passkey'
        ? 'Cannot link more passkeys to account.'
        : `The user already has a linked ${account.type} account.`,
    );
  }
  try {
    await ctx.db
      .insertInto('linked_accounts')
      .values({
        app_id: appId,
        user_id: userId,
        type: account.type,
        account_key: key,
        details: JSON.stringify(accountDetails(account)),
        verified_at: now,
        first_verified_at: now,
        latest_verified_at: now,
        created_at: now,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new LatchError('linked_to_another_user');
    throw error;
  }
  return requireUser(ctx, appId, userId);
}

/** Unlinks an account by type and identity; refuses the user's last login account (`cannot_unlink_last_account`). */
export async function unlinkAccount(
  ctx: UsersContext,
  appId: string,
  userId: string,
  identity: AccountInput,
): Promise<UserWithAccounts> {
  const account = normalise(identity);
  const key = accountKey(account);
  const owner = await requireUser(ctx, appId, userId);
  const target = owner.accounts.find((a) => a.type === account.type && a.account_key === key);
  if (!target || isEmbeddedWallet(target)) throw new LatchError('account_not_linked');
  const loginAccounts = owner.accounts.filter((a) => !isEmbeddedWallet(a));
  if (loginAccounts.length <= 1) throw new LatchError('cannot_unlink_last_account');
  await ctx.db.deleteFrom('linked_accounts').where('id', '=', target.id).where('user_id', '=', userId).execute();
  return requireUser(ctx, appId, userId);
}

/** Replaces the user's linked email `oldAddress` with the verified `newAddress`. */
export async function updateEmail(
  ctx: UsersContext,
  appId: string,
  userId: string,
  oldAddress: string,
  newAddress: string,
): Promise<UserWithAccounts> {
  const oldKey = oldAddress.trim().toLowerCase();
  const newKey = newAddress.trim().toLowerCase();
  const owner = await requireUser(ctx, appId, userId);
  const current = owner.accounts.find((a) => a.type === 'email' && a.account_key === oldKey);
  if (!current) throw new LatchError('account_not_linked', 'updateEmail requires an already linked email.');
  if (oldKey === newKey) return owner;
  const taken = await findAccount(ctx, appId, 'email', newKey);
  if (taken) throw new LatchError('linked_to_another_user');
  const now = ctx.clock.now();
  try {
    await ctx.db
      .updateTable('linked_accounts')
      .set({
        account_key: newKey,
        details: JSON.stringify({ address: newKey }),
        verified_at: now,
        first_verified_at: now,
        latest_verified_at: now,
      })
      .where('id', '=', current.id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new LatchError('linked_to_another_user');
    throw error;
  }
  return requireUser(ctx, appId, userId);
}

/** Records that the user accepted the app's terms (idempotent). */
export async function acceptTerms(ctx: UsersContext, appId: string, userId: string): Promise<UserWithAccounts> {
  await ctx.db
    .updateTable('users')
    .set({ accepted_terms_at: ctx.clock.now() })
    .where('id', '=', userId)
    .where('app_id', '=', appId)
    .where('accepted_terms_at', 'is', null)
    .execute();
  return requireUser(ctx, appId, userId);
}
