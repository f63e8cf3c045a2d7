import pg from 'pg';
import { neverPrepare, statementName } from './statementNames.js';

/** PostgreSQL's error for a prepared statement whose result columns changed under it (a migration). */
const CACHED_PLAN_CHANGED = '0A000';

interface ParsedStatements {
  parsedStatements: Record<string, string>;
}

/**
 * A `pg` client that prepares each distinct DML statement once per connection (named statements,
 * named by a hash of their text) and then only binds and executes it: PostgreSQL skips parsing and
 * planning on every later run. Kysely sends the same text for the same query shape, so the set of
 * statements is small; it is capped anyway. A statement whose result columns changed after it was
 * prepared (a migration run while the server is up) is forgotten, never prepared again, and run once
 * more unprepared.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; this forwards all of them
  override query(config: any, values?: any, callback?: any): any {
    if (
      typeof config !== 'string' ||
      typeof callback === 'function' ||
      (values !== undefined && !Array.isArray(values))
    )
      return super.query(config, values, callback);
    const name = statementName(config);
    if (name === undefined) return super.query(config, values);
    const result: Promise<pg.QueryResult> = super.query({ name, text: config, values });
    return result.catch((error: { code?: string }) => {
      if (error?.code !== CACHED_PLAN_CHANGED) throw error;
      // Once more unprepared: that succeeds outside a transaction; inside one, PostgreSQL has already
      // aborted it and the caller gets that error.
      this.forget(config, name);
      return super.query(config, values);
    });
  }

  /** Stops using the prepared statement `name` on this connection and everywhere from now on. */
  private forget(text: string, name: string): void {
    neverPrepare(text);
    const connection = (this as unknown as { connection: ParsedStatements }).connection;
    delete connection.parsedStatements[name];
    // Fails inside an aborted transaction; the name is never used again, so the leftover is harmless.
    super.query(`deallocate ${name}`).catch(() => {});
  }
}
