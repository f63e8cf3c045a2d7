import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { warnIfCountersNotDurable } from './createShortLivedStore.js';
import { redisAppendOnly } from './RedisDurableCounters.js';
import { type ShortLivedBackend, shortLivedBackends } from './testing/shortLivedBackends.js';

// The durable counters keep ShortLivedStore.increment's window rules, on every backend.
const SHORT_MS = 1000;
const PAST_SHORT_MS = 1500;

describe.each(shortLivedBackends())('DurableCounters on $name', ({ create }) => {
  let backend: ShortLivedBackend;
  beforeAll(async () => {
    backend = await create();
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it('counts within a window, keeps the window, and restarts it once passed', async () => {
    const { counters } = backend.store;
    expect(await counters.get('n')).toBeNull();
    expect(await counters.increment('n', 1, SHORT_MS)).toMatchObject({ count: 1 });
    const second = await counters.increment('n', 2, 60_000);
    expect(second.count).toBe(3);
    expect(second.ttlMs).toBeLessThanOrEqual(SHORT_MS);
    expect((await counters.get('n'))?.count).toBe(3);
    await backend.passTime(PAST_SHORT_MS);
    expect(await counters.get('n')).toBeNull();
    const restarted = await counters.increment('n', 1, 60_000);
    expect(restarted.count).toBe(1);
    expect(restarted.ttlMs).toBeGreaterThan(30_000);
  });

  it('sets and deletes counters, and keeps them apart from the short-lived values', async () => {
    const { store } = backend;
    await store.counters.set('s', 7, 60_000);
    expect(await store.counters.get('s')).toMatchObject({ count: 7 });
    expect(await store.get('s')).toBeNull();
    expect((await store.increment('s', 1, 60_000)).count).toBe(1);
    await store.counters.delete('s');
    expect(await store.counters.get('s')).toBeNull();
    await store.counters.delete('never-set');
  });

  it('warns at start-up about a Redis without the append-only file, never about the database', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => lines.push(line) });
    await warnIfCountersNotDurable(backend.store, logger);
    const warned = lines.some((line) => line.includes('appendonly no'));
    if (backend.redis) {
      const appendOnly = await redisAppendOnly(backend.redis.client);
      expect(appendOnly).toBeTypeOf('boolean');
      expect(warned).toBe(appendOnly === false);
    } else {
      expect(lines).toEqual([]);
    }
  });

  it('never loses an increment under concurrency', async () => {
    const { counters } = backend.store;
    await Promise.all(Array.from({ length: 40 }, () => counters.increment('race', 1, 60_000)));
    expect((await counters.get('race'))?.count).toBe(40);
  });
});
