import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { LatchError } from '@latch/protocol';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswordOprf } from '../../modules/wallets/oprf.js';
import { createKeyring } from '../crypto/keyring.js';
import { up as up002 } from '../store/migrations/002_short_lived.js';
import { up as up011 } from '../store/migrations/011_short_lived_unlogged.js';
import { up as up014 } from '../store/migrations/014_durable_counters.js';
import type { Database } from '../store/schema.js';
import { DEFAULT_SEND_LIMITS, SendThrottle } from '../throttle/SendThrottle.js';
import { PgShortLivedStore } from './PgShortLivedStore.js';

// The tables as production has them: short_lived UNLOGGED (011), durable_counters logged (014).
async function migrate(db: Kysely<Database>): Promise<void> {
  await up002(db);
  await up011(db);
  await up014(db);
}

// Three sends per target (from any IPs); the other limits as shipped.
const limits = {
  ...DEFAULT_SEND_LIMITS,
  perTarget: { points: 3, durationSec: 600 },
  perIp: { points: 100, durationSec: 600 },
};
const oprfPolicy = { max: 2, windowMs: 3600_000 };
const who = { appId: 'a'.repeat(25), userId: 'u'.repeat(25), walletId: 'w1' };
// A valid blinded element: the ristretto255 base point.
const blinded = Uint8Array.from(Buffer.from('e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76', 'hex'));

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof LatchError ? error.code : `not refused (${String(error)})`;
}

describe('security counters survive a crash (PGlite data directory)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps send limits and OPRF attempts through a kill -9, while short-lived rows may go', async () => {
    const keyring = createKeyring(randomBytes(32));
    const before = new Kysely<Database>({ dialect: new PGliteDialect(new PGlite(dir)) });
    await migrate(before);
    const store = new PgShortLivedStore(before);
    const throttle = new SendThrottle({ kv: store }, limits);
    for (let i = 0; i < 3; i++) await throttle.consume('sms:+14155550100', `198.51.100.${i}`);
    const oprf = createPasswordOprf(keyring, store.counters, oprfPolicy);
    for (let i = 0; i < 2; i++) await oprf.evaluate(who, blinded);
    await store.set('code:x', 'short-lived', 600_000);

    // The crash: the first instance is abandoned, never closed (no checkpoint, no clean shutdown), and
    // a second one opens the same directory, which runs PostgreSQL's crash recovery.
    const after = new Kysely<Database>({ dialect: new PGliteDialect(new PGlite(dir)) });
    try {
      const reopened = new PgShortLivedStore(after);
      // The UNLOGGED table was reset by the recovery: this is the crash the counters must survive.
      expect(await reopened.get('code:x')).toBeNull();
      const sendAgain = new SendThrottle({ kv: reopened }, limits).consume('sms:+14155550100', '198.51.100.9');
      expect(await refusal(sendAgain)).toBe('too_many_requests');
      const guessAgain = createPasswordOprf(keyring, reopened.counters, oprfPolicy).evaluate(who, blinded);
      expect(await refusal(guessAgain)).toBe('too_many_requests');
    } finally {
      await after.destroy();
    }
  });
});

// PostgreSQL when DATABASE_URL is set (as shortLivedBackends adds it).
const postgresUrls = process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [];
describe.each(postgresUrls)('security counters on PostgreSQL', (databaseUrl) => {
  it('live in a logged table and outlive the connection pool that wrote them', async () => {
    const schema = `crash_test_${randomBytes(6).toString('hex')}`;
    const open = () =>
      new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema}` }),
        }),
      });
    const first = open();
    await sql`create schema ${sql.id(schema)}`.execute(first);
    const second = open();
    try {
      await migrate(first);
      const { rows } = await sql<{ relname: string; relpersistence: string }>`
        select relname, relpersistence from pg_class
        where relnamespace = ${schema}::regnamespace and relname in ('durable_counters', 'short_lived')
        order by relname`.execute(first);
      // 'p': permanent (WAL-logged, survives a crash); 'u': unlogged (emptied by crash recovery).
      expect(rows).toEqual([
        { relname: 'durable_counters', relpersistence: 'p' },
        { relname: 'short_lived', relpersistence: 'u' },
      ]);
      const throttle = new SendThrottle({ kv: new PgShortLivedStore(first) }, limits);
      for (let i = 0; i < 3; i++) await throttle.consume('sms:+14155550100', `198.51.100.${i}`);
      await first.destroy();
      const sendAgain = new SendThrottle({ kv: new PgShortLivedStore(second) }, limits).consume(
        'sms:+14155550100',
        '198.51.100.9',
      );
      expect(await refusal(sendAgain)).toBe('too_many_requests');
    } finally {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(second);
      await second.destroy();
    }
  });
});
