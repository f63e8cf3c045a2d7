import { type Kysely, sql } from 'kysely';

/** The example module's table: how many times each user was greeted. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('greetings')
    .addColumn('user_id', 'char(25)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
