import { randomBytes, randomUUID } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRef } from '../../identity/users/userRef.js';
import { FakeClock } from '../../kernel/clock.js';
import { createKeyring } from '../../kernel/crypto/keyring.js';
import { PgShortLivedStore } from '../../kernel/kv/PgShortLivedStore.js';
import type { Database } from '../../kernel/store/schema.js';
import { migrateServer } from '../../serverMigrations.js';
import { migratedPglite } from '../../test/pgliteTemplate.js';
import { DeviceKeys } from './deviceKeys.js';
import { createPasswordOprf } from './oprf.js';
import { WalletCustody } from './walletCustody.js';
import type { NewWalletInput } from './walletInput.js';

// Real databases: PGlite always, PostgreSQL (own schema) when DATABASE_URL is set.
const databases: { name: string; open(): Promise<{ db: Kysely<Database>; dispose(): Promise<void> }> }[] = [
  {
    name: 'pglite',
    open: async () => {
      const db = new Kysely<Database>({ dialect: new PGliteDialect(await migratedPglite()) });
      return { db, dispose: () => db.destroy() };
    },
  },
];
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  databases.push({
    name: 'postgres',
    open: async () => {
      // A fresh database (not a schema): the migrator's tables must not collide with other suites'.
      const name = `latch_w_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 4 }) }),
      });
      return {
        db,
        dispose: async () => {
          await db.destroy();
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          // Not WITH (FORCE): a pool connection still closing (its Terminate not yet read on a busy machine) was
          // killed by it, and its client threw "terminating connection due to administrator command" uncaught.
          await dropWhenClosed(client, name);
          await client.end();
        },
      };
    },
  });
}

/** Drops `name` once its last connection has closed (each try fails while one is open). */
async function dropWhenClosed(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006: "database is being accessed by other users".
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const APP = 'clapp00000000000000000001';
const alice: UserRef = { appId: APP, userId: 'user0000000000000000alice' };
const bob: UserRef = { appId: APP, userId: 'user00000000000000000bob0' };
// Device ids are key thumbprints; the custody service only compares them.
const DEVICE_A = 'device-a-thumbprint';
const DEVICE_A2 = 'device-a2-thumbprint';
const DEVICE_B = 'device-b-thumbprint';

async function setUp(open: () => Promise<{ db: Kysely<Database>; dispose(): Promise<void> }>) {
  const { db, dispose } = await open();
  await migrateServer(db); // includes 010_wallets
  const now = new Date();
  await sql`insert into apps (id, name, created_at, updated_at) values (${APP}, 'Test', ${now}, ${now})`.execute(db);
  for (const user of [alice, bob]) {
    await sql`insert into users (id, app_id, created_at) values (${user.userId}, ${APP}, ${now})`.execute(db);
  }
  const keyring = createKeyring(randomBytes(32));
  const oprf = createPasswordOprf(keyring, new PgShortLivedStore(db), {
    max: 3,
    windowMs: 60_000,
  });
  const custody = new WalletCustody(db, keyring, oprf, new FakeClock());
  return { db, dispose, custody };
}

function providerWallet(): NewWalletInput & { recovery: { method: 'latch'; recoveryKey: Uint8Array } } {
  return {
    walletId: randomUUID(),
    shareSetId: randomUUID(),
    address: `0x${randomBytes(20).toString('hex')}`,
    authShare: randomBytes(69),
    recovery: { method: 'latch', sealedShare: randomBytes(97), recoveryKey: randomBytes(32) },
  };
}

async function dump(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql`select row_to_json(t)::text as r from (
    select * from embedded_wallets) t union all select row_to_json(s)::text from (select * from wallet_share_sets) s`.execute(
    db,
  );
  return rows.map((r) => (r as { r: string }).r).join('\n');
}

async function failsWith(promise: Promise<unknown>, code: string) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LatchError);
  expect((error as LatchError).code).toBe(code);
}

for (const database of databases) {
  describe(`wallet custody on ${database.name}`, () => {
    let env: Awaited<ReturnType<typeof setUp>>;
    afterEach(async () => env?.dispose());

    it('stores the auth share and recovery key only as ciphertext and releases them to the owner', async () => {
      env = await setUp(database.open);
      const input = providerWallet();
      const record = await env.custody.createWallet(alice, input, DEVICE_A);
      expect(record).toMatchObject({ id: input.walletId, address: input.address, recoveryMethod: 'latch' });
      expect(
        Buffer.from(await env.custody.releaseAuthShare(alice, input.shareSetId, DEVICE_A)).equals(
          Buffer.from(input.authShare),
        ),
      ).toBe(true);
      const recovery = await env.custody.recovery.releaseProviderRecovery(alice);
      expect(Buffer.from(recovery.recoveryKey).equals(Buffer.from(input.recovery.recoveryKey))).toBe(true);
      const rows = await dump(env.db);
      for (const secret of [input.authShare, input.recovery.recoveryKey]) {
        for (const encoding of ['hex', 'base64', 'base64url'] as const) {
          expect(rows).not.toContain(Buffer.from(secret).toString(encoding));
        }
      }
    });

    it('allows one embedded wallet per user', async () => {
      env = await setUp(database.open);
      await env.custody.createWallet(alice, providerWallet(), DEVICE_A);
      await failsWith(env.custody.createWallet(alice, providerWallet(), DEVICE_A), 'embedded_wallet_already_exists');
      await env.custody.createWallet(bob, providerWallet(), DEVICE_B);
    });

    it("refuses another user's request and unknown sets", async () => {
      env = await setUp(database.open);
      const input = providerWallet();
      await env.custody.createWallet(alice, input, DEVICE_A);
      await failsWith(env.custody.releaseAuthShare(bob, input.shareSetId, DEVICE_A), 'embedded_wallet_not_found');
      await failsWith(env.custody.recovery.releaseProviderRecovery(bob), 'embedded_wallet_not_found');
      await failsWith(env.custody.releaseAuthShare(alice, randomUUID(), DEVICE_A), 'not_found');
    });

    it('fails closed when a sealed share is moved to another wallet in the database', async () => {
      env = await setUp(database.open);
      const a = providerWallet();
      const b = providerWallet();
      await env.custody.createWallet(alice, a, DEVICE_A);
      await env.custody.createWallet(bob, b, DEVICE_B);
      // An attacker with database access moves Alice's sealed auth share into Bob's share set.
      await sql`update wallet_share_sets set auth_share_sealed =
        (select auth_share_sealed from wallet_share_sets where id = ${a.shareSetId}) where id = ${b.shareSetId}`.execute(
        env.db,
      );
      await failsWith(env.custody.releaseAuthShare(bob, b.shareSetId, DEVICE_B), 'internal_error');
    });

    it('adds and revokes a device set; the primary set cannot be revoked', async () => {
      env = await setUp(database.open);
      const input = providerWallet();
      await env.custody.createWallet(alice, input, DEVICE_A);
      const deviceSet = randomUUID();
      const deviceAuth = randomBytes(69);
      await env.custody.addDeviceShareSet(alice, deviceSet, deviceAuth, DEVICE_A2);
      expect(Buffer.from(await env.custody.releaseAuthShare(alice, deviceSet, DEVICE_A2)).equals(deviceAuth)).toBe(
        true,
      );
      await failsWith(env.custody.revokeDeviceShareSet(bob, deviceSet), 'embedded_wallet_not_found');
      await env.custody.revokeDeviceShareSet(alice, deviceSet);
      await failsWith(env.custody.releaseAuthShare(alice, deviceSet, DEVICE_A2), 'not_found');
      await failsWith(env.custody.revokeDeviceShareSet(alice, input.shareSetId), 'not_found');
      await env.custody.releaseAuthShare(alice, input.shareSetId, DEVICE_A);
    });

    it('releases a set only to its device; sets made before device keys never; one device set per device', async () => {
      env = await setUp(database.open);
      const input = providerWallet();
      await env.custody.createWallet(alice, input, DEVICE_A);
      await failsWith(env.custody.releaseAuthShare(alice, input.shareSetId, DEVICE_A2), 'not_found');
      // A set from before migration 012 has no device: no device gets it (they recover once).
      await sql`update wallet_share_sets set device_key_id = null where id = ${input.shareSetId}`.execute(env.db);
      await failsWith(env.custody.releaseAuthShare(alice, input.shareSetId, DEVICE_A), 'not_found');
      // The primary auth share still travels with the recovery material.
      expect(Buffer.from(await env.custody.releasePrimaryAuthShare(alice)).equals(Buffer.from(input.authShare))).toBe(
        true,
      );

      const first = randomUUID();
      const second = randomUUID();
      await env.custody.addDeviceShareSet(alice, first, randomBytes(69), DEVICE_A2);
      await env.custody.addDeviceShareSet(alice, second, randomBytes(69), DEVICE_A2);
      await failsWith(env.custody.releaseAuthShare(alice, first, DEVICE_A2), 'not_found');
      await env.custody.releaseAuthShare(alice, second, DEVICE_A2);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from wallet_share_sets`.execute(env.db);
      expect(rows[0]?.n).toBe(2);
    });

    it("revoking a device's set revokes its device key in the same transaction", async () => {
      env = await setUp(database.open);
      const input = providerWallet();
      await env.custody.createWallet(alice, input, DEVICE_A);
      const keys = new DeviceKeys(env.db, new FakeClock());
      const jwk = { kty: 'EC' as const, crv: 'P-256' as const, x: 'x', y: 'y' };
      await keys.register(alice, DEVICE_A2, jwk, 'session-1');
      await keys.register(bob, DEVICE_A2, jwk, 'session-2');
      const set = randomUUID();
      await env.custody.addDeviceShareSet(alice, set, randomBytes(69), DEVICE_A2);
      await env.custody.revokeDeviceShareSet(alice, set);
      expect(await keys.isActive(alice, DEVICE_A2)).toBe(false);
      // The same browser key registered by another user stays theirs.
      expect(await keys.isActive(bob, DEVICE_A2)).toBe(true);
      // A fresh registration (a new device grant) brings it back.
      await keys.register(alice, DEVICE_A2, jwk, 'session-3');
      expect(await keys.isActive(alice, DEVICE_A2)).toBe(true);
    });

    it('password recovery: OPRF before creation, limited attempts, verifier reset, and a re-split that drops the provider key', async () => {
      env = await setUp(database.open);
      const input = providerWallet();
      await env.custody.createWallet(alice, input, DEVICE_A);
      const blind = () => ristretto255_oprf.oprf.blind(new TextEncoder().encode('Secret-123')).blinded;
      await failsWith(
        env.custody.recovery.evaluatePasswordOprf(alice, randomUUID(), blind()),
        'embedded_wallet_not_found',
      );
      await env.custody.recovery.evaluatePasswordOprf(alice, input.walletId, blind());

      const newSet = randomUUID();
      const verifier = randomBytes(32);
      const passwordRecovery = {
        method: 'user-passcode' as const,
        sealedShare: randomBytes(97),
        salt: randomBytes(16),
        verifier,
      };
      await env.custody.recovery.replaceRecovery(alice, newSet, randomBytes(69), passwordRecovery, DEVICE_A);
      await failsWith(env.custody.releaseAuthShare(alice, input.shareSetId, DEVICE_A), 'not_found');
      await failsWith(env.custody.recovery.releaseProviderRecovery(alice), 'invalid_data');
      const stored = await env.custody.recovery.passwordRecovery(alice);
      expect(stored.shareSetId).toBe(newSet);
      expect(Buffer.from(stored.salt).equals(passwordRecovery.salt)).toBe(true);
      expect(await dump(env.db)).not.toContain('"recovery_key_sealed":"v1');

      await env.custody.recovery.evaluatePasswordOprf(alice, input.walletId, blind());
      await env.custody.recovery.evaluatePasswordOprf(alice, input.walletId, blind());
      await failsWith(env.custody.recovery.evaluatePasswordOprf(alice, input.walletId, blind()), 'too_many_requests');
      expect(await env.custody.recovery.confirmPassword(alice, randomBytes(32))).toBe(false);
      expect(await env.custody.recovery.confirmPassword(alice, verifier)).toBe(true);
      await env.custody.recovery.evaluatePasswordOprf(alice, input.walletId, blind());
    });

    it('refuses malformed input with invalid_data and writes nothing', async () => {
      env = await setUp(database.open);
      const good = providerWallet();
      const bad: NewWalletInput[] = [
        { ...good, walletId: 'not-a-uuid' },
        { ...good, address: '0x1234' },
        { ...good, authShare: new Uint8Array(0) },
        { ...good, recovery: { ...good.recovery, recoveryKey: randomBytes(31) } },
      ];
      for (const input of bad) await failsWith(env.custody.createWallet(alice, input, DEVICE_A), 'invalid_data');
      expect(await env.custody.getWallet(alice)).toBeUndefined();
    });
  });
}
