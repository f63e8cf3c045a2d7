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
import { tryCodeCtes, tryCodeParameters } from './pgCodeSql.js';

// A code login in one statement (one round trip, atomic): the code check's CTEs end in `verdict`, which
// the login's writes wait for; the check's own writes (the try counted, a spent code deleted) commit
// either way. The login's parameters come first ($1…$9), the check's after them. One fixed text.
const LOG_IN_WITH_CODE = `with ${tryCodeCtes(LOG_IN_PARAMETER_COUNT + 1)}, ${LOG_IN}`;

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
  const parameters = [...logInParameters(login), ...tryCodeParameters(attempt, storeNow)];
  const { rows } = await db.executeQuery(CompiledQuery.raw(LOG_IN_WITH_CODE, parameters) as CompiledQuery<LogInRow>);
  const row = rows[0];
  if (!row) throw new LatchError('internal_error');
  const verdict = { taken: row.code_taken === true, retryAfterMs: Number(row.code_retry_after_ms ?? 0) };
  return verdict.taken ? { verdict, loggedIn: loggedInFrom(row, login) } : { verdict };
}
