import { LatchError } from '@latch/protocol';
import { CompiledQuery } from 'kysely';
import {
  LOG_IN,
  LOG_IN_PARAMETER_COUNT,
  type LogInRow,
  type LogInStatementInput,
  loggedInFrom,
  logInParameters,
} from '../../identity/sessions/logInOrSignUpStatement.js';
import type { Db } from '../../kernel/store/db.js';
import type { CodeTry, LogInWithTry } from './CodeStore.js';
import { TRY_CODE_PARAMETER_COUNT, tryCodeCtes, tryCodeParameters } from './pgCodeSql.js';

// A code login in one statement (one round trip, atomic): the code check's CTEs end in `verdict`, which
// the login's writes wait for; the check's own writes (the try counted, a spent code deleted) commit
// either way. The login's parameters come first ($1…$10), the check's after them, then the marker's (a
// short_lived row stored when the code is taken, the known sender of KnownSenders: key or null, expiry).
// One fixed text.
const MARKER = LOG_IN_PARAMETER_COUNT + 1 + TRY_CODE_PARAMETER_COUNT;
const MARKED = `marked as (
    insert into short_lived (key, value, expires_at)
    select $${MARKER}::text, '1', $${MARKER + 1}::bigint from verdict where taken and $${MARKER}::text is not null
    on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
  )`;
const LOG_IN_WITH_CODE = `with ${tryCodeCtes(LOG_IN_PARAMETER_COUNT + 1)}, ${MARKED}, ${LOG_IN}`;

/**
 * Tries `attempt` and, when it takes the code, logs in or signs up as `login` says, in one statement
 * on the database that holds both the codes and the users (PgCodeStore; `storeNow` is its clock).
 * Throws PostgreSQL's unique violation when another request signed up the same account at the same
 * moment (nothing is written then, the code check included).
 */
export async function logInWithCode(
  db: Db,
  attempt: CodeTry,
  storeNow: number,
  login: LogInStatementInput,
): Promise<LogInWithTry> {
  const { markOnTaken } = attempt;
  const marker = markOnTaken ? [markOnTaken.key, storeNow + markOnTaken.ttlMs] : [null, null];
  const parameters = [...logInParameters(login), ...tryCodeParameters(attempt, storeNow), ...marker];
  const { rows } = await db.executeQuery(CompiledQuery.raw(LOG_IN_WITH_CODE, parameters) as CompiledQuery<LogInRow>);
  const row = rows[0];
  if (!row) throw new LatchError('internal_error');
  const verdict = { taken: row.code_taken === true, retryAfterMs: Number(row.code_retry_after_ms ?? 0) };
  return verdict.taken ? { verdict, loggedIn: loggedInFrom(row, login) } : { verdict };
}
