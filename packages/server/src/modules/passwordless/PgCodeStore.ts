import { CompiledQuery } from 'kysely';
import type { LogInStatementInput } from '../../identity/sessions/logInOrSignUpStatement.js';
import { PgShortLivedStore } from '../../kernel/kv/PgShortLivedStore.js';
import type { Db } from '../../kernel/store/db.js';
import type { CodeStore, CodeTry, CodeVerdict, LogInWithTry, NewCode, SendCount } from './CodeStore.js';
import { logInWithCode } from './logInWithCode.js';
import { ADD_CODE_WITHIN_LIMITS, addCodeParameters, TRY_CODE, tryCodeParameters } from './pgCodeSql.js';

/**
 * CodeStore on the main database (PGlite or PostgreSQL): a slot is a `short_lived` row, the failures
 * a `durable_counters` row (migrations 002 and 014, the tables of PgShortLivedStore). Each operation is
 * one statement (pgCodeSql.ts); its row locks make concurrent tries queue up, so of several right
 * answers the first takes the code and the others find none.
 */
export class PgCodeStore implements CodeStore {
  private readonly now: () => number;
  private readonly purgeEvery: number;
  /** The same tables as the short-lived store: its purge clears expired slots and counters. */
  private readonly tables: PgShortLivedStore;
  private writes = 0;

  /** `db` is the app's Kysely instance; `now` the short-lived store's clock (epoch milliseconds). */
  constructor(
    private readonly db: Db,
    options: { now?: () => number; purgeEvery?: number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.purgeEvery = options.purgeEvery ?? 500;
    this.tables = new PgShortLivedStore(db, { now: this.now });
  }

  /** Codes and short-lived rows share this database: a send's known-sender marker is read in its statement. */
  readonly readsKnownMarker = true;

  /** The send's counters (durable, as the throttle's own) and the code in one statement. */
  async add(code: NewCode, send?: SendCount): Promise<void> {
    const known = send?.knownMarker === undefined ? send?.known : 'ask';
    const counters = send ? send.throttle.countersFor(send.target, send.ip, known) : [];
    const now = this.now();
    const { rows } = await this.run<{ key: string; count: string; expires_at: string }>(
      ADD_CODE_WITHIN_LIMITS,
      addCodeParameters(counters, code, now, send?.knownMarker),
    );
    await this.afterWrite();
    if (!send) return;
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const states = counters.map((counter) => {
      const row = byKey.get(counter.key);
      // A counter waived for a known sender was not counted (and returns no row).
      if (!row && counter.waivedWhenKnown) return { count: 0, ttlMs: 0 };
      if (!row) throw new Error('code store: a send counter returned no row');
      return { count: Number(row.count), ttlMs: Math.max(Number(row.expires_at) - now, 0) };
    });
    send.throttle.refuseOver(counters, states);
  }

  async try(attempt: CodeTry): Promise<CodeVerdict> {
    const { rows } = await this.run<{ taken: boolean; retry_after_ms: string }>(
      TRY_CODE,
      tryCodeParameters(attempt, this.now()),
    );
    await this.afterWrite();
    return { taken: rows[0]?.taken === true, retryAfterMs: Number(rows[0]?.retry_after_ms ?? 0) };
  }

  readonly logInWithTry = async (attempt: CodeTry, login: LogInStatementInput): Promise<LogInWithTry> => {
    const outcome = await logInWithCode(this.db, attempt, this.now(), login);
    await this.afterWrite();
    return outcome;
  };

  private run<R>(text: string, parameters: unknown[]) {
    return this.db.executeQuery(CompiledQuery.raw(text, parameters) as CompiledQuery<R>);
  }

  /** Expired slots and send counters are ignored anyway; every `purgeEvery` writes they go. */
  private async afterWrite(): Promise<void> {
    this.writes += 1;
    if (this.writes % this.purgeEvery !== 0) return;
    await this.tables.purgeExpired();
    await this.tables.counters.purgeExpired();
  }
}
