import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_SECRET_PREFIX, LatchError } from '@latch/protocol';
import type { ColumnType, Kysely } from 'kysely';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { ServerContext } from '../../kernel/context.js';
import type { Database } from '../../kernel/store/schema.js';
import { type Limit, limiter, retryAfterSeconds } from '../../kernel/throttle/SendThrottle.js';

/** app_secrets (migration 018). */
interface AppSecretsTable {
  secret_hash: string;
  app_id: string;
  prefix: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The tables of the admin API's secrets. */
export interface AppSecretsTables {
  app_secrets: AppSecretsTable;
}

declare module '../../kernel/store/schema.js' {
  interface Database extends AppSecretsTables {}
}

/** How long the previous secret stays valid after a rotation unless the CLI says otherwise (docs/node-sdk.md). */
export const DEFAULT_ROTATION_GRACE_SECONDS = 24 * 60 * 60;

/** The longest grace period a rotation may give the previous secret. */
export const MAX_ROTATION_GRACE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Failed authentications allowed per app and client IP. A 256-bit secret cannot be guessed; the limit
 * keeps guessing noise bounded. It is per app *and* IP, not per app alone: app ids are public, so a
 * per-app counter would let anyone lock the host's own backend out of the admin API.
 */
export const ADMIN_AUTH_FAILURE_LIMIT: Limit = { points: 20, durationSec: 10 * 60 };

/** What the secrets need of the server context. */
type AppSecretsContext = Pick<ServerContext, 'db' | 'clock' | 'shortLived'>;

/** A new secret as the CLI prints it, once. */
interface NewAppSecret {
  app_id: string;
  /** The secret in clear: shown once, never stored. */
  secret: string;
  /** Its public prefix (`latch_sk_` and 6 characters), to tell secrets apart in lists and support requests. */
  prefix: string;
  /** When the previous secret stops working (rotate), as an ISO time; absent for `create`. */
  previous_expires_at?: string | null;
}

// The digest of a 256-bit random secret: SHA-256 is enough (nothing to brute-force in a random 256-bit value).
const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/** The public prefix of a secret: the fixed marker and the first 6 random characters. */
const prefixOf = (secret: string) => secret.slice(0, APP_SECRET_PREFIX.length + 6);

/**
 * The per-app secrets of the admin API: created and rotated by the CLI (`apps secret create|rotate`),
 * stored as SHA-256 only, checked in constant time. A rotation keeps the previous secret valid for a
 * grace period (default 24 h, `--grace SECONDS`, 0 to end it at once) so a host can redeploy.
 */
export class AppSecrets {
  private readonly db: AppSecretsContext['db'];
  private readonly clock: AppSecretsContext['clock'];
  private readonly failures: RateLimiterAbstract;

  constructor(ctx: AppSecretsContext, failureLimit: Limit = ADMIN_AUTH_FAILURE_LIMIT) {
    this.db = ctx.db;
    this.clock = ctx.clock;
    this.failures = limiter(ctx.shortLived.throttleBackend, 'admin-auth', failureLimit);
  }

  /**
   * Checks a request's app secret, throttled per app and client IP: 429 `too_many_requests` once the
   * failures from `ip` for the app reach the limit (even with the right secret, until the window ends),
   * 401 `invalid_app_secret` for a wrong one (counted).
   */
  async authenticate(appId: string, secret: string, ip: string): Promise<void> {
    const key = `${appId}:${ip}`;
    const spent = await this.failures.get(key);
    if (spent && spent.remainingPoints <= 0)
      throw new LatchError('too_many_requests', undefined, { retryAfter: retryAfterSeconds(spent) });
    if (await this.verify(appId, secret)) return;
    await this.failures.consume(key).catch((error: unknown) => {
      // Over the limit: the library rejects with a RateLimiterRes; a store failure is an Error.
      if (!(error instanceof RateLimiterRes)) throw error;
    });
    throw new LatchError('invalid_app_secret');
  }

  /** The app's first secret; refused when it already has one (rotate instead). */
  async create(appId: string): Promise<NewAppSecret> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('app_secrets')
        .select('prefix')
        .where('app_id', '=', appId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst();
      if (current) {
        throw new LatchError(
          'invalid_data',
          `The app already has a secret (${current.prefix}…): rotate it with apps secret rotate ${appId}.`,
        );
      }
      return { app_id: appId, ...(await this.insert(trx, appId, now)) };
    });
  }

  /**
   * A new secret for the app; the current one stays valid for `graceSeconds` (0: ends now), and any
   * older one still in its grace period ends now: at most two secrets work at a time.
   */
  async rotate(appId: string, graceSeconds = DEFAULT_ROTATION_GRACE_SECONDS): Promise<NewAppSecret> {
    const now = this.clock.now();
    const previousEnds = new Date(now.getTime() + graceSeconds * 1000);
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('app_secrets').where('app_id', '=', appId).where('expires_at', 'is not', null).execute();
      const updated = await trx
        .updateTable('app_secrets')
        .set({ expires_at: previousEnds })
        .where('app_id', '=', appId)
        .where('expires_at', 'is', null)
        .executeTakeFirst();
      const fresh = await this.insert(trx, appId, now);
      return {
        app_id: appId,
        ...fresh,
        previous_expires_at: Number(updated.numUpdatedRows) > 0 ? previousEnds.toISOString() : null,
      };
    });
  }

  /** True when `secret` is a valid secret of the app now (the current one, or the previous one in its grace period). */
  async verify(appId: string, secret: string): Promise<boolean> {
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom('app_secrets')
      .select('secret_hash')
      .where('app_id', '=', appId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute();
    const given = digest(secret);
    let match = false;
    // Every stored hash is compared, in constant time, whatever matched before.
    for (const row of rows) match = timingSafeEqual(given, Buffer.from(row.secret_hash, 'hex')) || match;
    return match;
  }

  private async insert(trx: Kysely<Database>, appId: string, now: Date) {
    const secret = `${APP_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const prefix = prefixOf(secret);
    await trx
      .insertInto('app_secrets')
      .values({ secret_hash: digest(secret).toString('hex'), app_id: appId, prefix, created_at: now })
      .execute();
    return { secret, prefix };
  }
}
