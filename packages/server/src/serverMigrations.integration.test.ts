import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { describe, expect, it } from 'vitest';
import { identityModule } from './identity/index.js';
import { moduleMigrations } from './kernel/module.js';
import type { Database } from './kernel/store/schema.js';
import { defaultModules } from './modules/index.js';
import { passkeysModule } from './modules/passkeys/index.js';
import { buildModules, migrateServer } from './serverMigrations.js';
import { createTestServer } from './test/harness.js';
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
  '026_on_ramp_credentials',
  '027_captcha_secrets',
  '028_wallet_cloud_backup',
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
      // The event outbox is the kernel's: every login writes it, whether or not the webhooks module is listed.
      expect(await tables()).toContain('webhook_deliveries');
      expect(await tables()).not.toContain('embedded_wallets');
      // Every module listed now: the rest run, earlier names (010_wallets) after later ones (025).
      const rest = RELEASED.filter((name) => !(name in moduleMigrations(few)));
      expect(await migrateServer(db)).toEqual(rest);
      expect(await tables()).toContain('embedded_wallets');
      // The smaller server starts again on the fuller database: the other modules' migrations are known.
      expect(await migrateServer(db, few)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('logs a user in on a fresh database of a server without the webhooks module', async () => {
    const pglite = await freshPglite();
    const withoutWebhooks = defaultModules.filter((module) => module.id !== 'webhooks' && module.id !== 'adminApi');
    const server = await createTestServer({}, 'pglite', { modules: withoutWebhooks, inMemoryPglite: () => pglite });
    try {
      const { appId } = await server.createApp({ config: { email_auth: true } });
      const tokens = await server.signIn(appId, { type: 'email', address: 'no-webhooks@example.com' });
      expect(tokens.is_new_user).toBe(true);
      expect(server.modules.map((module) => module.id)).not.toContain('webhooks');
    } finally {
      await server.close();
    }
  });
});
