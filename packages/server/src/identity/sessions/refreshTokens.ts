import { LatchError } from '@latch/protocol';
import { CompiledQuery } from 'kysely';
import type { ServerContext } from '../../kernel/context.js';
import { sha256Hex } from '../../kernel/crypto/hash.js';
import { newSecretToken } from '../../kernel/ids.js';
import type { AppRecord } from '../apps/appStore.js';
import {
  accountsFromJson,
  accountsJsonSql,
  getUser,
  type MfaJson,
  mfaFromJson,
  mfaJsonSql,
  type UserWithAccounts,
} from '../users/userRecords.js';

// Refresh-token rotation of a session family (docs/server.md "Sessions"): every refresh spends the
// presented token and issues a successor; a spent token that comes back after the grace window
// revokes the whole family (the login and every fork of it).

/** The idle timeout: a refresh token lives this long unused; every refresh starts a new one. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * How long a just-rotated refresh token still answers with the same successor (two tabs, or a retry
 * after a lost answer, RFC 9700 §4.14.2) instead of counting as reuse.
 */
export const REFRESH_GRACE_MS = 30_000;

/** What rotation needs: the database, the clock, the apps (lifetime) and the sealer (grace window). */
export type RefreshContext = Pick<ServerContext, 'db' | 'clock' | 'apps' | 'sealer'>;

/** The family a session belongs to: its root session's id, when it began and when it must end. */
export interface SessionFamily {
  id: string;
  startedAt: Date;
  expiresAt: Date;
}

/** A spent refresh token's outcome: the session, its user, the successor token and the family. */
export interface Rotation {
  app: AppRecord;
  user: UserWithAccounts;
  sessionId: string;
  refreshToken: string;
  family: SessionFamily;
}

/** What the refresh statement returns: always one row, its columns null where a step found nothing. */
interface SpendRow {
  consumed_session_id: string | null;
  session_id: string | null;
  app_id: string | null;
  user_id: string | null;
  family_id: string | null;
  family_started_at: Date | null;
  user_created_at: Date | null;
  accepted_terms_at: Date | null;
  accounts: Parameters<typeof accountsFromJson>[0];
  mfa: MfaJson;
}

/**
 * The refresh statement ($1 now, $2 the token's hash, $3 the successor's hash, $4 its idle expiry,
 * $5 the successor sealed for the grace window); `inApp` refuses, without spending it, a token of
 * another app than $6. A session past its family's absolute lifetime (the app's
 * `session_lifetime_seconds` from the family's start) gets no successor, and no successor outlives
 * it. Fixed texts: no query building per refresh, and one prepared statement each.
 */
function spendStatement(inApp: boolean): string {
  const familyStart = 'coalesce(s.family_started_at, s.created_at)';
  const familyEnd = `${familyStart} + a.session_lifetime_seconds * interval '1 second'`;
  return `with consumed as (
      update refresh_tokens set rotated_at = $1::timestamptz, successor_sealed = $5
      where token_hash = $2 and rotated_at is null and expires_at > $1::timestamptz
        ${inApp ? 'and session_id in (select id from sessions where app_id = $6)' : ''}
      returning session_id
    ), session as (
      update sessions s set last_refreshed_at = $1::timestamptz
      from apps a
      where s.id = (select session_id from consumed) and s.revoked_at is null and a.id = s.app_id
        and ${familyEnd} > $1::timestamptz
      returning s.id, s.app_id, s.user_id, coalesce(s.family_id, s.id) as family_id,
        ${familyStart} as family_started_at, ${familyEnd} as family_expires_at
    ), successor as (
      insert into refresh_tokens (token_hash, session_id, created_at, expires_at, rotated_at)
      select $3, id, $1::timestamptz, least($4::timestamptz, family_expires_at), null from session
    )
    select c.session_id as consumed_session_id, s.id as session_id, s.app_id, u.id as user_id,
      s.family_id, s.family_started_at,
      u.created_at as user_created_at, u.accepted_terms_at, ${accountsJsonSql('u.id')} as accounts,
      ${mfaJsonSql('u.id')} as mfa
    from (select 1) as one
    left join consumed c on true
    left join session s on true
    left join users u on u.id = s.user_id and u.app_id = s.app_id`;
}
const SPEND = spendStatement(false);
const SPEND_IN_APP = spendStatement(true);

/** The associated data a successor is sealed with: it opens only on its predecessor's row. */
const successorAad = (predecessorHash: string) => `refresh-successor:${predecessorHash}`;

const invalid = () => new LatchError('missing_or_invalid_token');

/** The family of a session: its start, and its end by the app's absolute lifetime. */
function familyOf(app: AppRecord, id: string, startedAt: Date): SessionFamily {
  return { id, startedAt, expiresAt: new Date(startedAt.getTime() + app.sessionLifetimeSeconds * 1000) };
}

/** Ends every live session of a family (reuse detection): the login and all its forks. */
async function revokeFamily(ctx: Pick<ServerContext, 'db' | 'clock'>, familyId: string, reason: string): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now(), revoked_reason: reason })
    .where((eb) => eb.or([eb('id', '=', familyId), eb('family_id', '=', familyId)]))
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Spends a refresh token, issues its successor and reads the user with its accounts in one statement
 * (one round trip, atomic like a transaction): the UPDATE's row lock lets exactly one concurrent
 * caller spend a token. Anything else takes the slow path `replayed`.
 */
export async function spendRefreshToken(
  ctx: RefreshContext,
  appId: string | undefined,
  refreshToken: string,
): Promise<Rotation> {
  const now = ctx.clock.now();
  const hash = sha256Hex(refreshToken);
  const next = newSecretToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  const parameters = [now, hash, sha256Hex(next), expiresAt, ctx.sealer.seal(next, successorAad(hash))];
  const { rows } = await ctx.db.executeQuery(
    (appId === undefined
      ? CompiledQuery.raw(SPEND, parameters)
      : CompiledQuery.raw(SPEND_IN_APP, [...parameters, appId])) as CompiledQuery<SpendRow>,
  );
  const row = rows[0];
  if (!row?.consumed_session_id) return replayed(ctx, appId, hash);
  if (!row.session_id || !row.app_id || !row.user_id || !row.user_created_at || !row.family_id) throw invalid();
  if (!row.family_started_at) throw invalid();
  const app = await ctx.apps.require(row.app_id);
  const user: UserWithAccounts = {
    user: {
      id: row.user_id,
      app_id: row.app_id,
      created_at: new Date(row.user_created_at),
      accepted_terms_at: row.accepted_terms_at === null ? null : new Date(row.accepted_terms_at),
    },
    accounts: accountsFromJson(row.accounts),
    mfa: mfaFromJson(row.mfa),
  };
  const family = familyOf(app, row.family_id, new Date(row.family_started_at));
  return { app, user, sessionId: row.session_id, refreshToken: next, family };
}

/**
 * A token the refresh statement did not spend: unknown, expired or of another app (refused, nothing
 * changes); spent within the grace window while its successor is still unspent (the same successor
 * again); or spent before that, or two generations old — stolen or replayed, so the whole family is
 * revoked (reuse detection).
 */
async function replayed(ctx: RefreshContext, appId: string | undefined, hash: string): Promise<Rotation> {
  const known = await ctx.db
    .selectFrom('refresh_tokens as rt')
    .innerJoin('sessions as s', 's.id', 'rt.session_id')
    .select(['rt.rotated_at', 'rt.successor_sealed', 's.id as session_id', 's.app_id', 's.user_id', 's.revoked_at'])
    .select(['s.family_id', 's.family_started_at', 's.created_at'])
    .where('rt.token_hash', '=', hash)
    .executeTakeFirst();
  if (!known?.rotated_at) throw invalid();
  const familyId = known.family_id ?? known.session_id;
  const now = ctx.clock.now().getTime();
  const inGrace =
    now - new Date(known.rotated_at).getTime() <= REFRESH_GRACE_MS &&
    known.successor_sealed !== null &&
    known.revoked_at === null &&
    (appId === undefined || appId === known.app_id);
  if (!inGrace) {
    await revokeFamily(ctx, familyId, 'refresh_token_reuse');
    throw invalid();
  }
  let next: string;
  try {
    next = ctx.sealer.open(known.successor_sealed!, successorAad(hash));
  } catch {
    // Sealed under a key this server no longer has: refuse, but a server-side change is no theft.
    throw invalid();
  }
  const successor = await ctx.db
    .selectFrom('refresh_tokens')
    .select(['expires_at', 'rotated_at'])
    .where('token_hash', '=', sha256Hex(next))
    .where('session_id', '=', known.session_id)
    .executeTakeFirst();
  // No successor: the session was past its lifetime when the token was spent; an expired one: idle.
  if (!successor || new Date(successor.expires_at).getTime() <= now) throw invalid();
  // The grace is for the immediate predecessor of the live token only (RT-03): a successor that was
  // itself spent makes this token two generations old, which no retry or second tab explains.
  if (successor.rotated_at !== null) {
    await revokeFamily(ctx, familyId, 'refresh_token_reuse');
    throw invalid();
  }
  const app = await ctx.apps.require(known.app_id);
  const user = await getUser(ctx, known.app_id, known.user_id);
  if (!user) throw invalid();
  const family = familyOf(app, familyId, new Date(known.family_started_at ?? known.created_at));
  if (family.expiresAt.getTime() <= now) throw invalid();
  return { app, user, sessionId: known.session_id, refreshToken: next, family };
}
