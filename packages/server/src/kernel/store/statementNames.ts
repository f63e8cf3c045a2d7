import { createHash } from 'node:crypto';

// Which statements are prepared, and under what name: shared by PostgreSQL's PreparingClient and PGlite's
// PreparingPglite (this module does not import `pg`, which only a PostgreSQL server loads).

/** At most this many distinct statements are prepared per process; later new ones run unprepared. */
const MAX_PREPARED_STATEMENTS = 500;

/** Only plain DML is prepared: never DDL, transaction control or anything else whose plan is not reused. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

const names = new Map<string, string>();
const neverPrepared = new Set<string>();

/** The prepared-statement name of `text` (a hash of it), or undefined when it must run unprepared. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (neverPrepared.has(text) || names.size >= MAX_PREPARED_STATEMENTS || !PREPARABLE.test(text)) return undefined;
  const name = `latch_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
  names.set(text, name);
  return name;
}

/** Never prepares `text` again in this process (its result columns changed under a prepared copy). */
export function neverPrepare(text: string): void {
  names.delete(text);
  neverPrepared.add(text);
}
