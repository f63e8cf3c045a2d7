import { type Kysely, sql } from 'kysely';

/** Apps, clients, signing keys, users, linked accounts, sessions and refresh tokens. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('apps')
    .addColumn('id', 'char(25)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('allowed_origins', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('allowlist', 'jsonb')
    .addColumn('max_users', 'integer')
    .addColumn('access_token_ttl_seconds', 'integer', (c) => c.notNull().defaultTo(3600))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('apps_name_idx').on('apps').column('name').execute();

  await db.schema
    .createTable('app_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_clients_app_idx').on('app_clients').column('app_id').execute();

  await db.schema
    .createTable('app_signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('private_jwk_encrypted', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('retired_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('app_signing_keys_app_idx').on('app_signing_keys').column('app_id').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'char(25)', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_terms_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('users_app_idx').on('users').column('app_id').execute();

  await db.schema
    .createTable('linked_accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('user_id', 'char(25)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('verified_at', 'timestamptz', (c) => c.notNull())
    .addColumn('first_verified_at', 'timestamptz', (c) => c.notNull())
    .addColumn('latest_verified_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('linked_accounts_identity_uq', ['app_id', 'type', 'account_key'])
    .execute();
  await db.schema.createIndex('linked_accounts_user_idx').on('linked_accounts').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'char(25)', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('user_id', 'char(25)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_refreshed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'char(25)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('rotated_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();
}

/** Drops everything `up` created. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'refresh_tokens',
    'sessions',
    'linked_accounts',
    'users',
    'app_signing_keys',
    'app_clients',
    'apps',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
