import { LatchError, type TokenResponse } from '@latch/protocol';
import { sql } from 'kysely';
import type { ServerContext } from '../../kernel/context.js';
import { sha256Hex } from '../../kernel/crypto/hash.js';
import { newSecretToken, newSessionId } from '../../kernel/ids.js';
import type { AppRecord } from '../apps/appStore.js';
import { signAccessToken } from '../tokens/accessToken.js';
import { signIdentityToken } from '../tokens/identityToken.js';
import type { AccountInput } from '../users/accounts.js';
import { toWireUser, type UsersContext, type UserWithAccounts } from '../users/userRecords.js';
import { type LoginOptions, type LoginProof, loginOrSignUp } from './loginOrSignUp.js';
import {
  REFRESH_GRACE_MS,
  REFRESH_TOKEN_TTL_MS,
  type RefreshContext,
  type SessionFamily,
  spendRefreshToken,
} from './refreshTokens.js';

/** What the session services need. */
export type SessionsContext = Pick<ServerContext, 'db' | 'clock' | 'apps' | 'keys' | 'settings'>;

/** A new session of `userId`: its id, its first refresh token, and the two rows that store them. */
function newSession(
  ctx: SessionsContext,
  appId: string,
  userId: string,
  { sessionId, refreshToken } = { sessionId: newSessionId(), refreshToken: newSecretToken() },
) {
  const now = ctx.clock.now();
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

/**
 * The user and the two tokens of a session grant (login, fork or refresh); the wire user is built once and
 * its accounts go into the identity token as they are. `notAfter`: neither token outlives it.
 */
export async function grant(
  ctx: SessionsContext,
  app: AppRecord,
  user: UserWithAccounts,
  sessionId: string,
  notAfter?: number,
) {
  const wire = toWireUser(user);
  return {
    user: wire,
    token: await signAccessToken(ctx, app, user.user.id, sessionId, { notAfter }),
    identity_token: await signIdentityToken(ctx, app, user, { notAfter, linkedAccounts: wire.linked_accounts }),
  };
}

/** The session a fork starts from, and the family the fork joins. */
export interface ForkOf {
  parentSessionId: string;
  family: SessionFamily;
}

/** Starts a session of `userId` (a fork of `forkOf` when given): its id and first refresh token. */
export async function startSession(
  ctx: SessionsContext,
  app: AppRecord,
  userId: string,
  forkOf?: ForkOf,
): Promise<{ sessionId: string; refreshToken: string }> {
  const { sessionId, refreshToken, rows } = newSession(ctx, app.id, userId);
  if (forkOf) {
    await startFork(ctx, rows, forkOf);
    return { sessionId, refreshToken };
  }
  // The session and its first refresh token in one statement (atomic, one round trip).
  await ctx.db
    .with('new_session', (db) => db.insertInto('sessions').values(rows.session).returning('id'))
    .insertInto('refresh_tokens')
    .values(rows.refreshToken)
    .execute();
  return { sessionId, refreshToken };
}

/**
 * Inserts a fork's rows: it joins its parent's family (reuse anywhere in it revokes all of it) and
 * keeps the family's start (a fork does not restart the absolute lifetime). One statement, and only
 * while the parent is live: a fork of a session revoked meanwhile is refused.
 */
async function startFork(ctx: SessionsContext, rows: ReturnType<typeof newSession>['rows'], forkOf: ForkOf) {
  const { session, refreshToken } = rows;
  const expiresAt = new Date(Math.min(refreshToken.expires_at.getTime(), forkOf.family.expiresAt.getTime()));
  const result = await sql`with new_session as (
      insert into sessions (id, app_id, user_id, created_at, last_refreshed_at, family_id, family_started_at)
      select ${session.id}, ${session.app_id}, ${session.user_id}, ${session.created_at}::timestamptz,
        ${session.created_at}::timestamptz, ${forkOf.family.id}, ${forkOf.family.startedAt}::timestamptz
      from sessions p where p.id = ${forkOf.parentSessionId} and p.revoked_at is null
      returning id
    )
    insert into refresh_tokens (token_hash, session_id, created_at, expires_at)
    select ${refreshToken.token_hash}, id, ${refreshToken.created_at}::timestamptz, ${expiresAt}::timestamptz
    from new_session`.execute(ctx.db);
  if (!result.numAffectedRows) throw new LatchError('missing_or_invalid_token');
}

/**
 * Logs in or signs up with a verified account (`loginOrSignUp`) and starts its session in the same
 * statements: the response of every authenticate call. `signUp: false` refuses a new user (signup_disabled);
 * `verifiedEmail` is the provider's verified email, checked against the allowlist.
 */
export async function logIn(
  ctx: SessionsContext & UsersContext & Pick<ServerContext, 'sessionHooks' | 'shortLived'>,
  app: AppRecord,
  account: AccountInput,
  proof?: LoginProof,
  options?: LoginOptions,
): Promise<TokenResponse> {
  // One session id for every attempt (a retried sign-up race wrote nothing): the hooks' entries name it.
  const ids = { sessionId: newSessionId(), refreshToken: newSecretToken() };
  const { sessionId } = ids;
  // Only a fresh authentication runs the modules' hooks (the wallets module's device grant, docs/custody.md);
  // refresh and fork never do. Their entries go into the login's statement when the store is this database.
  const plan = ctx.sessionHooks.plan({ appId: app.id, sessionId });
  const inStatement = ctx.shortLived.inMainDatabase;
  let started: ReturnType<typeof newSession> | undefined;
  const sessionRows = (userId: string) => {
    started = newSession(ctx, app.id, userId, ids);
    return { ...started.rows, entries: inStatement ? plan.entries : [] };
  };
  const { user, isNewUser, entriesStored } = await loginOrSignUp(ctx, app, account, sessionRows, proof, options);
  if (!started) throw new LatchError('internal_error');
  // The long way (allowlist, user cap, no sign-up) and Redis store them now, once the login is written.
  if (!(inStatement && entriesStored)) await ctx.sessionHooks.store(plan, user.user.id);
  return {
    ...(await grant(ctx, app, user, sessionId)),
    refresh_token: started.refreshToken,
    is_new_user: isNewUser,
    session_update_action: 'set',
    ...plan.additions,
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
    ...(await grant(ctx, app, user, sessionId)),
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

/** Spends a refresh token (`spendRefreshToken`) and answers with the successor's tokens. */
export async function rotate(ctx: SessionsContext & RefreshContext, appId: string | undefined, refreshToken: string) {
  const rotation = await spendRefreshToken(ctx, appId, refreshToken);
  const { app, user, sessionId, refreshToken: next, family } = rotation;
  // No access or identity token outlives its family.
  const notAfter = Math.floor(family.expiresAt.getTime() / 1000);
  const response: TokenResponse = {
    // A refresh reads the user afresh: after a link or unlink, the next refresh's token has the new accounts.
    ...(await grant(ctx, app, user, sessionId, notAfter)),
    refresh_token: next,
    is_new_user: false,
    session_update_action: 'set',
  };
  return { rotation, response };
}

/**
 * Refreshes a session: a new access token and a new refresh token; the presented one is spent. Within
 * REFRESH_GRACE_MS of its spending, the same token gets the same successor again.
 */
export async function refreshSession(
  ctx: SessionsContext & RefreshContext,
  appId: string | undefined,
  refreshToken: string,
): Promise<TokenResponse> {
  return (await rotate(ctx, appId, refreshToken)).response;
}

/**
 * Forks a session (SPEC §7): rotates the presented refresh token like a refresh, and starts a second
 * session for the same user whose refresh token is `new_session_refresh_token`. The fork has its own
 * logout but joins the parent's family: reuse detection and the absolute lifetime cover it too.
 */
export async function forkSession(
  ctx: SessionsContext & RefreshContext,
  appId: string | undefined,
  refreshToken: string,
): Promise<TokenResponse> {
  const { rotation, response } = await rotate(ctx, appId, refreshToken);
  const { app, user, sessionId, family } = rotation;
  const fork = await startSession(ctx, app, user.user.id, { parentSessionId: sessionId, family });
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
  // A sealed successor is only needed during the grace window.
  await ctx.db
    .updateTable('refresh_tokens')
    .set({ successor_sealed: null })
    .where('successor_sealed', 'is not', null)
    .where('rotated_at', '<', new Date(now.getTime() - REFRESH_GRACE_MS))
    .execute();
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
