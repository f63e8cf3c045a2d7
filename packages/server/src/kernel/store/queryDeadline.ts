import type pg from 'pg';
import { rethrowUnavailable } from '../dependencies/dependencyFailure.js';

/**
 * The per-query read timeout of PostgreSQL queries, set once the server has started (`ms` undefined during
 * migrations, which may rightly take long on a big database). Set, it also turns PostgreSQL not answering
 * into 503 `service_unavailable`.
 */
export interface QueryDeadline {
  ms: number | undefined;
}

/** The constructor of a `pg` client class (pg.Client or PreparingClient). */
type ClientClass = typeof pg.Client;

/**
 * `Base` with pg's query read timeout (`query_timeout`) taken from `deadline` at each query: none during
 * migrations, the dependency timeout once the server serves. A query past it fails with "Query read timeout".
 * A query that fails because PostgreSQL did not answer rejects with `service_unavailable` (dependencyFailure.ts).
 * A connection lost while the client is checked out (pg-pool listens only to idle ones) fails its queries
 * and must not also crash the process with an unhandled `error` event: the pool drops the client on release.
 */
export function withQueryDeadline(Base: ClientClass, deadline: QueryDeadline): ClientClass {
  return class DeadlineClient extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: pg.Client's constructor config, passed on as is
    constructor(...args: any[]) {
      super(...args);
      this.on('error', () => {});
    }

    // biome-ignore lint/suspicious/noExplicitAny: forwards all of pg's query() overloads unchanged
    override query(...args: any[]): any {
      // pg reads the timeout from the connection parameters on every query.
      (
        this as unknown as { connectionParameters: { query_timeout?: number | false } }
      ).connectionParameters.query_timeout = deadline.ms ?? false;
      // biome-ignore lint/suspicious/noExplicitAny: see above
      const result = (super.query as any)(...args);
      // A lost or silent connection becomes service_unavailable here, before anything mistakes its
      // ECONNRESET for the HTTP client leaving (clientAbort.ts). Callback and stream forms pass as they are.
      // During start (no deadline yet) the error stays as it is: the operator reads its cause.
      return result instanceof Promise && deadline.ms !== undefined ? result.catch(rethrowUnavailable) : result;
    }
  } as ClientClass;
}
