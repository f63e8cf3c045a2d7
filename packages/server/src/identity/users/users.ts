import { LatchError } from '@latch/protocol';
import { enqueueEvent } from '../../kernel/outbox/enqueueEvent.js';
import { isUniqueViolation } from '../../kernel/store/db.js';
import type { AppRecord } from '../apps/appStore.js';
import {
  type AccountInput,
  accountKey,
  assertAccountTypeEnabled,
  isEmbeddedWallet,
  maxOfType,
  newAccountRow,
  normaliseAccount,
} from './accounts.js';
import { getUser, type UsersContext, type UserWithAccounts } from './userRecords.js';

// Changing a signed-in user's accounts: link, unlink, update, accept terms. Logging in is in loginOrSignUp.ts.

async function requireUser(ctx: UsersContext, appId: string, userId: string): Promise<UserWithAccounts> {
  const found = await getUser(ctx, appId, userId);
  if (!found) throw new LatchError('missing_or_invalid_token');
  return found;
}

/**
 * Locks the user's row for the transaction `ctx.db` is: concurrent links and unlinks of one user take turns, so
 * each reads the accounts the other wrote (one per provider, never the last login method, under a race too).
 */
async function lockUser(ctx: UsersContext, appId: string, userId: string): Promise<void> {
  await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('app_id', '=', appId)
    .forUpdate()
    .execute();
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
 * Links a verified account to a user. Refuses a second account of a single-kind type
 * (`cannot_link_more_of_type`, 5 for passkeys) and an account another user owns (`linked_to_another_user`).
 * The type's login method must be on, unless `linkable` says the app allows linking it otherwise (a
 * passkey for MFA only).
 */
export async function linkAccount(
  ctx: UsersContext,
  appId: string,
  userId: string,
  input: AccountInput,
  linkable?: (app: AppRecord) => boolean,
): Promise<UserWithAccounts> {
  const app = await ctx.apps.require(appId);
  const account = normaliseAccount(input);
  if (isEmbeddedWallet(account))
    throw new LatchError('invalid_data', 'The embedded wallet cannot be linked as an external wallet.');
  if (!linkable?.(app)) assertAccountTypeEnabled(app, account.type);
  const key = accountKey(account);
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction().execute(async (db) => {
      const tx = { ...ctx, db };
      await lockUser(tx, appId, userId);
      const owner = await requireUser(tx, appId, userId);
      const existing = await findAccount(tx, appId, account.type, key);
      if (existing && existing.user_id !== userId) throw new LatchError('linked_to_another_user');
      if (existing) {
        await db
          .updateTable('linked_accounts')
          .set({ latest_verified_at: now, verified_at: now })
          .where('id', '=', existing.id)
          .execute();
        return;
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
      const linked = await db
        .insertInto('linked_accounts')
        .values(newAccountRow(appId, userId, account, key, now))
        .returningAll()
        .executeTakeFirstOrThrow();
      await enqueueEvent(db, 'user.linked_account', { appId, userId, account: linked, now });
    });
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
  const account = normaliseAccount(identity);
  const key = accountKey(account);
  const app = await ctx.apps.require(appId);
  await ctx.db.transaction().execute(async (db) => {
    const tx = { ...ctx, db };
    await lockUser(tx, appId, userId);
    const owner = await requireUser(tx, appId, userId);
    const target = owner.accounts.find((a) => a.type === account.type && a.account_key === key);
    if (!target || isEmbeddedWallet(target)) throw new LatchError('account_not_linked');
    // A passkey linked only as an MFA factor (passkey login off) logs nobody in: it is no way back in.
    const remainingLogins = owner.accounts.filter(
      (a) => a.id !== target.id && !isEmbeddedWallet(a) && (a.type !== 'passkey' || app.config.passkey_auth),
    );
    if (remainingLogins.length === 0) throw new LatchError('cannot_unlink_last_account');
    await db.deleteFrom('linked_accounts').where('id', '=', target.id).where('user_id', '=', userId).execute();
    await enqueueEvent(db, 'user.unlinked_account', { appId, userId, account: target, now: ctx.clock.now() });
  });
  return requireUser(ctx, appId, userId);
}

/**
 * When the login behind `sessionId` happened: its family's start (a refresh keeps it, and a fork
 * inherits it, so neither counts as a new login). Null when the session is unknown. Step-up counts
 * only the factors the user had by then (stepUp/stepUpFactors.ts).
 */
export async function sessionLoggedInAt(ctx: UsersContext, appId: string, sessionId: string): Promise<Date | null> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select(['created_at', 'family_started_at'])
    .where('id', '=', sessionId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return row ? new Date(row.family_started_at ?? row.created_at) : null;
}

/** Revokes every live session of the user but `keepSessionId` (after a login address changed). */
async function revokeOtherSessions(
  ctx: UsersContext,
  appId: string,
  userId: string,
  keepSessionId: string,
  reason: string,
): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now(), revoked_reason: reason })
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Replaces the user's linked email `oldAddress` with the verified `newAddress`, and revokes the user's
 * other sessions (all but `keepSessionId`, the caller's): whoever held them loses the account.
 */
export async function updateEmail(
  ctx: UsersContext,
  appId: string,
  userId: string,
  oldAddress: string,
  newAddress: string,
  keepSessionId?: string,
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
    // The change and the revocation together: never a moved address with the old sessions still alive.
    await ctx.db.transaction().execute(async (db) => {
      const updated = await db
        .updateTable('linked_accounts')
        .set({
          account_key: newKey,
          details: JSON.stringify({ address: newKey }),
          verified_at: now,
          first_verified_at: now,
          latest_verified_at: now,
        })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // The account's details changed: its event commits with the change (kernel/outbox/enqueueEvent.ts).
      await enqueueEvent(db, 'user.updated_account', { appId, userId, account: updated, now });
      if (keepSessionId !== undefined) {
        await revokeOtherSessions({ ...ctx, db }, appId, userId, keepSessionId, 'email_changed');
      }
    });
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
