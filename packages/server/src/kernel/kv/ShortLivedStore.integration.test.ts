import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShortLivedBackend, shortLivedBackends } from './testing/shortLivedBackends.js';

// One contract, every backend: PGlite always, PostgreSQL and Redis when their URLs are set.
// Redis expires keys on its own clock, so passTime really waits there: short windows are a second long,
// far above any pause between two calls of one test on a loaded machine (30 ms windows were flaky).
const SHORT_MS = 1000;
const PAST_SHORT_MS = 1500;

describe.each(shortLivedBackends())('ShortLivedStore on $name', ({ create }) => {
  let backend: ShortLivedBackend;
  // One backend per block (PGlite start-up is the slow part); tests use distinct keys.
  beforeAll(async () => {
    backend = await create();
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it('gets what was set, null for absent keys, and forgets deleted keys', async () => {
    const { store } = backend;
    expect(await store.get('a')).toBeNull();
    await store.set('a', 'one', 60_000);
    expect(await store.get('a')).toBe('one');
    await store.set('a', 'two', 60_000);
    expect(await store.get('a')).toBe('two');
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
    await store.delete('never-set');
  });

  it('ignores values past their TTL', async () => {
    const { store } = backend;
    await store.set('short', 'x', SHORT_MS);
    await store.set('long', 'y', 60_000);
    await backend.passTime(PAST_SHORT_MS);
    expect(await store.get('short')).toBeNull();
    expect(await store.take('short')).toBeNull();
    expect(await store.get('long')).toBe('y');
  });

  it('counts within a window and restarts the count once the window has passed', async () => {
    const { store } = backend;
    expect(await store.increment('n', 1, SHORT_MS)).toMatchObject({ count: 1 });
    const second = await store.increment('n', 2, 60_000);
    expect(second.count).toBe(3);
    // A live window keeps its expiry: the second call's longer TTL does not extend it.
    expect(second.ttlMs).toBeLessThanOrEqual(SHORT_MS);
    await backend.passTime(PAST_SHORT_MS);
    const restarted = await store.increment('n', 1, 60_000);
    expect(restarted.count).toBe(1);
    expect(restarted.ttlMs).toBeGreaterThan(30_000);
  });

  it('counts increments of several keys made at once, a key twice among them, each on its own', async () => {
    const { store } = backend;
    await store.increment('mix-b', 5, 60_000);
    const [a1, b, a2, c] = await Promise.all([
      store.increment('mix-a', 1, 60_000),
      store.increment('mix-b', 2, 60_000),
      store.increment('mix-a', 1, 60_000),
      store.increment('mix-c', 3, SHORT_MS),
    ]);
    expect([a1?.count, a2?.count].sort()).toEqual([1, 2]);
    expect(b?.count).toBe(7);
    expect(c?.count).toBe(3);
    expect(c?.ttlMs).toBeLessThanOrEqual(SHORT_MS);
    expect(b?.ttlMs).toBeGreaterThan(SHORT_MS);
  });

  it('never loses an increment under concurrency', async () => {
    const { store } = backend;
    const results = await Promise.all(Array.from({ length: 25 }, () => store.increment('c', 1, 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('keeps each key its own count and window when many keys are incremented at once', async () => {
    const { store } = backend;
    await store.increment('m-old', 5, SHORT_MS);
    await store.increment('m-live', 5, 60_000);
    await backend.passTime(PAST_SHORT_MS);
    const [fresh, old, live, again] = await Promise.all([
      store.increment('m-fresh', 2, 60_000),
      store.increment('m-old', 1, 60_000),
      store.increment('m-live', 3, 1),
      store.increment('m-fresh', 1, 60_000),
    ]);
    // The two increments of m-fresh may run in either order (separate pooled connections on PostgreSQL):
    // by 2 then by 1 gives 2 and 3, by 1 then by 2 gives 3 and 1. Either way none is lost.
    expect([
      [2, 3],
      [3, 1],
    ]).toContainEqual([fresh!.count, again!.count]);
    // An expired window restarts; a live one adds and keeps its long expiry.
    expect(old!.count).toBe(1);
    expect(old!.ttlMs).toBeGreaterThan(30_000);
    expect(live!.count).toBe(8);
    expect(live!.ttlMs).toBeGreaterThan(30_000);
  });

  it('hands a single-use value to exactly one of many concurrent takers', async () => {
    const { store } = backend;
    await store.set('once', 'secret', 60_000);
    const taken = await Promise.all(Array.from({ length: 10 }, () => store.take('once')));
    expect(taken.filter((v) => v !== null)).toEqual(['secret']);
    expect(await store.get('once')).toBeNull();
  });
});

describe.each(shortLivedBackends().filter((b) => b.name !== 'redis'))('PgShortLivedStore on $name', ({ create }) => {
  it('purges expired rows and keeps live ones', async () => {
    const backend = await create();
    try {
      const pg = backend.pg!;
      await backend.store.set('dead', 'x', 10);
      await backend.store.increment('dead-counter', 1, 10);
      await backend.store.set('alive', 'y', 60_000);
      await backend.passTime(20);
      expect(await pg.rowCount()).toBe(3);
      expect(await pg.store.purgeExpired()).toBe(2);
      expect(await pg.rowCount()).toBe(1);
      expect(await backend.store.get('alive')).toBe('y');
    } finally {
      await backend.dispose();
    }
  });
});
