import { LatchError, type TokenResponse } from '@latch/protocol';
import { CompiledQuery } from 'kysely';
import type { AppRecord } from '../apps/appStore.js';
import type { CodeCheck } from '../codes/OneTimeCodes.js';
import type { ServerContext } from '../context.js';
import { sha256Hex } from '../crypto/hash.js';
import { newSecretToken, newSessionId } from '../ids.js';
import { signAccessToken } from '../tokens/accessToken.js';
import type { AccountInput } from './accounts.js';
import { loginOrSignUp } from './loginOrSignUp.js';
import {
  accountsFromJson,
  accountsJsonSql,
  toWireUser,
  type UsersContext,
  type UserWithAccounts,
} from './userRecords.js';

/** A refresh token lives this long unused; every refresh starts a new one. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** What the session services need. */
export type SessionsContext = Pick<ServerContext, 'db' | 'clock' | 'apps' | 'keys' | 'settings'>;

/** A new session of `userId`: its id, its first refresh token, and the two rows that store them. */
function newSession(ctx: SessionsContext, appId: string, userId: string) {
  const now = ctx.clock.now();
  const sessionId = newSessionId();
  const refreshToken = newSecretToken();
  return {
    sessionId,
    refreshToken,
    rows: {
      session: {
        id: sessionId,
        app_id: appId,
        user_id: userId,
        created_at: now,
        last_refreshed_at: now,
        revoked_at: null,
        revoked_reason: null,
      },
      refreshToken: {
        token_hash: sha256Hex(refreshToken),
        session_id: sessionId,
        created_at: now,
        expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
        rotated_at: null,
      },
    },
  };
}

async function startSession(
  ctx: SessionsContext,
  app: AppRecord,
  userId: string,
): Promise<{ sessionId: string; refreshToken: string }> {
  const { sessionId, refreshToken, rows } = newSession(ctx, app.id, userId);
  // The session and its first refresh token in one statement (atomic, one round trip).
  await ctx.db
    .with('new_session', (db) => db.insertInto('sessions').values(rows.session).returning('id'))
    .insertInto('refresh_tokens')
    .values(rows.refreshToken)
    .execute();
  return { sessionId, refreshToken };
}

/**
 * Logs in or signs up with a verified account (`loginOrSignUp`) and starts its session in the same
 * statements: the response of every authenticate call.
 */
export async function logIn(
  ctx: SessionsContext & UsersContext,
  app: AppRecord,
  account: AccountInput,
  codeCheck?: CodeCheck,
): Promise<TokenResponse> {
  let started: ReturnType<typeof newSession> | undefined;
  const sessionRows = (userId: string) => {
    started = newSession(ctx, app.id, userId);
    return started.rows;
  };
  const { user, isNewUser } = await loginOrSignUp(ctx, app.id, account, sessionRows, codeCheck);
  if (!started) throw new LatchError('internal_error');
  return {
    user: toWireUser(user),
    token: await signAccessToken(ctx, app, user.user.id, started.sessionId),
    refresh_token: started.refreshToken,
    is_new_user: isNewUser,
    session_update_action: 'set',
  };
}

/** Starts a session for a user who just authenticated; the response of every authenticate call. */
export async function issueSession(
  ctx: SessionsContext,
  app: AppRecord,
  user: UserWithAccounts,
  isNewUser: boolean,
): Promise<TokenResponse> {
  const { sessionId, refreshToken } = await startSession(ctx, app, user.user.id);
  return {
    user: toWireUser(user),
    token: await signAccessToken(ctx, app, user.user.id, sessionId),
    refresh_token: refreshToken,
    is_new_user: isNewUser,
    session_update_action: 'set',
  };
}

/** Ends a session (logout, reuse detection); its access tokens stop working at once. */
export async function revokeSession(
  ctx: Pick<ServerContext, 'db' | 'clock'>,
  sessionId: string,
  reason: string,
): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** True when the session exists, belongs to the app and user, and is not revoked. */
export async function isSessionActive(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the refresh statement returns: always one row, its columns null where a step found nothing. */
interface SpendRow {
  consumed_session_id: string | null;
  session_id: string | null;
  app_id: string | null;
  user_id: string | null;
  user_created_at: Date | null;
  accepted_terms_at: Date | null;
  accounts: Parameters<typeof accountsFromJson>[0];
}

/**
 * The refresh statement of `spendRefreshToken` ($1 now, $2 the token's hash, $3 the successor's hash,
 * $4 its expiry); `inApp` refuses, without spending it, a token of another app than $5. Fixed texts:
 * no query building per refresh, and one prepared statement each.
 */
function spendStatement(inApp: boolean): string {
  return `with consumed as (
      update refresh_tokens set rotated_at = $1::timestamptz
      where token_hash = $2 and rotated_at is null and expires_at > $1::timestamptz
        ${inApp ? 'and session_id in (select id from sessions where app_id = $5)' : ''}
      returning session_id
    ), session as (
      update sessions set last_refreshed_at = $1::timestamptz
      where id = (select session_id from consumed) and revoked_at is null
      returning id, app_id, user_id
    ), successor as (
      insert into refresh_tokens (token_hash, session_id, created_at, expires_at, rotated_at)
      select $3, id, $1::timestamptz, $4::timestamptz, null from session
    )
    select c.session_id as consumed_session_id, s.id as session_id, s.app_id, u.id as user_id,
      u.created_at as user_created_at, u.accepted_terms_at, ${accountsJsonSql('u.id')} as accounts
    from (select 1) as one
    left join consumed c on true
    left join session s on true
    left join users u on u.id = s.user_id and u.app_id = s.app_id`;
}
const SPEND = spendStatement(false);
const SPEND_IN_APP = spendStatement(true);

/**
 * Spends a refresh token, issues its successor and reads the user with its accounts in one statement
 * (one round trip, atomic like a transaction): the UPDATE's row lock lets exactly one concurrent
 * caller spend a token. A token that was already spent comes back only when stolen or replayed, so the
 * whole session is revoked (reuse detection).
 */
async function spendRefreshToken(ctx: SessionsContext, appId: string | undefined, refreshToken: string) {
  const now = ctx.clock.now();
  const hash = sha256Hex(refreshToken);
  const next = newSecretToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  const parameters = [now, hash, sha256Hex(next), expiresAt];
  const { rows } = await ctx.db.executeQuery(
    (appId === undefined
      ? CompiledQuery.raw(SPEND, parameters)
      : CompiledQuery.raw(SPEND_IN_APP, [...parameters, appId])) as CompiledQuery<SpendRow>,
  );
  const row = rows[0];
  if (!row?.consumed_session_id) {
    const known = await ctx.db
      .selectFrom('refresh_tokens')
      .select(['session_id', 'rotated_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (known?.rotated_at) await revokeSession(ctx, known.session_id, 'refresh_token_reuse');
    throw new LatchError('missing_or_invalid_token');
  }
  if (!row.session_id || !row.app_id || !row.user_id || !row.user_created_at) {
    throw new LatchError('missing_or_invalid_token');
  }
  const app = await ctx.apps.require(row.app_id);
  const user: UserWithAccounts = {
    user: {
      id: row.user_id,
      app_id: row.app_id,
      created_at: new Date(row.user_created_at),
      accepted_terms_at: row.accepted_terms_at === null ? null : new Date(row.accepted_terms_at),
    },
    accounts: accountsFromJson(row.accounts),
  };
  return { app, user, sessionId: row.session_id, refreshToken: next };
}

async function rotate(ctx: SessionsContext, appId: string | undefined, refreshToken: string) {
  const { app, user, sessionId, refreshToken: next } = await spendRefreshToken(ctx, appId, refreshToken);
  const response: TokenResponse = {
    user: toWireUser(user),
    token: await signAccessToken(ctx, app, user.user.id, sessionId),
    refresh_token: next,
    is_new_user: false,
    session_update_action: 'set',
  };
  return { app, user, response };
}

/** Refreshes a session: a new access token and a new refresh token; the presented one is spent. */
export async function refreshSession(
  ctx: SessionsContext,
  appId: string | undefined,
  refreshToken: string,
): Promise<TokenResponse> {
  return (await rotate(ctx, appId, refreshToken)).response;
}

/**
 * Forks a session (SPEC §7): rotates the presented refresh token like a refresh, and starts a second,
 * independent session for the same user whose refresh token is `new_session_refresh_token`.
 */
export async function forkSession(
  ctx: SessionsContext,
  appId: string | undefined,
  refreshToken: string,
): Promise<TokenResponse> {
  const { app, user, response } = await rotate(ctx, appId, refreshToken);
  const fork = await startSession(ctx, app, user.user.id);
  return { ...response, new_session_refresh_token: fork.refreshToken };
}

/** Revokes the session a refresh token belongs to; unknown tokens are ignored (logout always succeeds). */
export async function revokeByRefreshToken(ctx: SessionsContext, refreshToken: string): Promise<void> {
  const row = await ctx.db
    .selectFrom('refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', sha256Hex(refreshToken))
    .executeTakeFirst();
  if (row) await revokeSession(ctx, row.session_id, 'logout');
}

/**
 * Deletes refresh tokens past their expiry and sessions that are revoked or have no live refresh
 * token left (they can never be refreshed again). Returns how many sessions went.
 */
export async function purgeExpiredSessions(ctx: Pick<ServerContext, 'db' | 'clock'>): Promise<number> {
  const now = ctx.clock.now();
  await ctx.db.deleteFrom('refresh_tokens').where('expires_at', '<=', now).execute();
  const result = await ctx.db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('revoked_at', 'is not', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('refresh_tokens')
              .select('token_hash')
              .whereRef('refresh_tokens.session_id', '=', 'sessions.id'),
          ),
        ),
      ]),
    )
    // Access tokens of a revoked or dead session may still be presented until they expire; keep the
    // row (it says "revoked") for the longest token lifetime.
    .where('last_refreshed_at', '<', new Date(now.getTime() - 24 * 3600 * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
