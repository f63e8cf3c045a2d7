import { sql } from 'kysely';
import type { Db } from '../../../kernel/store/db.js';

/**
 * One hash per table over every row's full text (not just counts), so any insert, update or delete
 * shows. Kysely's own migration tables are left out.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.introspection.getTables();
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    if (name.startsWith('latch_migrations')) continue;
    const { rows } = await sql<{ h: string }>`
      select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.table(name)} t`.execute(db);
    fingerprint[name] = rows[0]?.h ?? '';
  }
  return fingerprint;
}
