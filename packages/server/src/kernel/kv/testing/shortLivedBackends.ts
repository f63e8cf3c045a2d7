import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { freshPglite } from '../../../test/pgliteTemplate.js';
import { up as migrateShortLivedTable } from '../../store/migrations/002_short_lived.js';
import { up as migrateDurableCounters } from '../../store/migrations/014_durable_counters.js';
import type { Database } from '../../store/schema.js';
import { PgShortLivedStore } from '../PgShortLivedStore.js';
import { RedisShortLivedStore } from '../RedisShortLivedStore.js';
import type { ShortLivedStore } from '../ShortLivedStore.js';

/** The tables of the PostgreSQL/PGlite store: short_lived (002) and durable_counters (014). */
async function migrateShortLived(db: Kysely<Database>): Promise<void> {
  await migrateShortLivedTable(db);
  await migrateDurableCounters(db);
}

/** A store under test plus a way to let time pass and to clean up. */
export interface ShortLivedBackend {
  store: ShortLivedStore;
  /** Lets `ms` pass: a fake clock on PostgreSQL/PGlite, a real (short) wait on Redis. */
  passTime(ms: number): Promise<void>;
  /** The PG store itself, its database and clock, for PG-only checks and stores beside it. */
  pg?: { store: PgShortLivedStore; db: Kysely<Database>; now(): number; rowCount(): Promise<number> };
  /** The Redis client and this run's key prefix, for Redis-native users (RateLimiterRedis). */
  redis?: { client: Redis; keyPrefix: string };
  dispose(): Promise<void>;
}

/** A named factory of a backend. */
interface ShortLivedBackendFactory {
  name: string;
  create(): Promise<ShortLivedBackend>;
}

function pgBackend(db: Kysely<Database>, dispose: () => Promise<void>): ShortLivedBackend {
  let now = 1_700_000_000_000;
  const store = new PgShortLivedStore(db, { now: () => now, purgeEvery: 1_000_000 });
  return {
    store,
    passTime: async (ms) => {
      now += ms;
    },
    pg: {
      store,
      db,
      now: () => now,
      rowCount: async () => {
        const { rows } = await sql<{ n: string }>`select count(*) as n from short_lived`.execute(db);
        return Number(rows[0]?.n);
      },
    },
    dispose,
  };
}

/** PGlite always; PostgreSQL (own schema) with DATABASE_URL; Redis (own key prefix) with REDIS_URL. */
export function shortLivedBackends(): ShortLivedBackendFactory[] {
  const factories: ShortLivedBackendFactory[] = [
    {
      name: 'pglite',
      create: async () => {
        const db = new Kysely<Database>({ dialect: new PGliteDialect(await freshPglite()) });
        await migrateShortLived(db);
        return pgBackend(db, () => db.destroy());
      },
    },
  ];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    factories.push({
      name: 'postgres',
      create: async () => {
        const schema = `kv_test_${randomBytes(6).toString('hex')}`;
        const pool = new pg.Pool({ connectionString: databaseUrl, max: 8, options: `-c search_path=${schema}` });
        const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
        await sql`create schema ${sql.id(schema)}`.execute(db);
        await migrateShortLived(db);
        return pgBackend(db, async () => {
          await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
          await db.destroy();
        });
      },
    });
  }
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    factories.push({
      name: 'redis',
      create: async () => {
        const prefix = `latch-test:${randomBytes(6).toString('hex')}:`;
        const store = new RedisShortLivedStore(new Redis(redisUrl), { keyPrefix: prefix, ownsClient: true });
        return {
          store,
          redis: { client: store.redis, keyPrefix: prefix },
          passTime: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          dispose: async () => {
            const keys = await store.redis.keys(`${prefix}*`);
            if (keys.length > 0) await store.redis.del(...keys);
            await store.close();
          },
        };
      },
    });
  }
  return factories;
}
