import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { describe, expect, it } from 'vitest';
import { identityModule } from './identity/index.js';
import { moduleMigrations } from './kernel/module.js';
import type { Database } from './kernel/store/schema.js';
import { passkeysModule } from './modules/passkeys/index.js';
import { buildModules, migrateServer } from './serverMigrations.js';
import { freshPglite } from './test/pgliteTemplate.js';

/** Every migration name released before the modules declared their own: databases have them recorded. */
const RELEASED = [
  '001_core',
  '002_short_lived',
  '010_wallets',
  '011_short_lived_unlogged',
  '012_device_keys',
  '013_session_families',
  '014_durable_counters',
  '015_passkeys',
  '016_mfa',
  '017_login_credentials',
  '018_app_secrets',
  '019_webhooks',
  '022_security_events',
  '024_mfa_recovery_codes',
  '025_user_custom_metadata',
];

describe('migrations declared by the modules', () => {
  it('the default modules declare exactly the released migrations, none lost or renamed', () => {
    expect(Object.keys(moduleMigrations(buildModules))).toEqual(RELEASED);
  });

  it('refuses a module list that declares one migration twice', () => {
    const twin = { id: 'twin', migrations: { '015_passkeys': {} as never } };
    expect(() => moduleMigrations([identityModule, passkeysModule, twin])).toThrow(/015_passkeys/);
  });

  it("runs a listed module's migrations only, the others' when their module is listed later", async () => {
    const db = new Kysely<Database>({ dialect: new PGliteDialect(await freshPglite()) });
    try {
      const few = [identityModule, passkeysModule];
      expect(await migrateServer(db, few)).toEqual(Object.keys(moduleMigrations(few)));
      expect(await migrateServer(db, few)).toEqual([]);
      const tables = async () =>
        (
          await sql<{
            name: string;
          }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
        ).rows.map((r) => r.name);
      expect(await tables()).toContain('passkey_credentials');
      expect(await tables()).not.toContain('webhook_deliveries');
      // Every module listed now: the rest run, earlier names (010_wallets) after later ones (025).
      const rest = RELEASED.filter((name) => !(name in moduleMigrations(few)));
      expect(await migrateServer(db)).toEqual(rest);
      // 022 ran before webhooks existed: 019 still gives the deliveries their security event column.
      const columns = await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'webhook_deliveries'`.execute(db);
      expect(columns.rows.map((r) => r.name)).toContain('security_event_id');
      // The smaller server starts again on the fuller database: the other modules' migrations are known.
      expect(await migrateServer(db, few)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
