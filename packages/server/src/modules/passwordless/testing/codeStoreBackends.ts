import { type ShortLivedBackend, shortLivedBackends } from '../../../kernel/kv/testing/shortLivedBackends.js';
import type { CodeStore } from '../CodeStore.js';
import { PgCodeStore } from '../PgCodeStore.js';
import { RedisCodeStore } from '../RedisCodeStore.js';

/** A short-lived backend under test with the code store beside it, as a server builds it. */
export interface CodeStoreBackend extends ShortLivedBackend {
  codes: CodeStore;
}

/** shortLivedBackends(), each with its code store (PGlite, PostgreSQL with DATABASE_URL, Redis with REDIS_URL). */
export function codeStoreBackends(): Array<{ name: string; create(): Promise<CodeStoreBackend> }> {
  return shortLivedBackends().map(({ name, create }) => ({
    name,
    create: async () => {
      const backend = await create();
      const { pg, redis } = backend;
      // The same keys, tables and clock as the short-lived store (createCodeStore's choice).
      let codes: CodeStore | undefined;
      if (pg) codes = new PgCodeStore(pg.db, { now: pg.now, purgeEvery: 1_000_000 });
      if (redis) codes = new RedisCodeStore(redis.client, redis.keyPrefix);
      if (!codes) throw new Error(`no code store for the ${name} backend`);
      return { ...backend, codes };
    },
  }));
}
