import { LatchError } from '@latch/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendThrottle } from '../../kernel/throttle/SendThrottle.js';
import type { NewCode } from './CodeStore.js';
import { type CodeStoreBackend, codeStoreBackends } from './testing/codeStoreBackends.js';

const limits = {
  perIp: { points: 3, durationSec: 60 },
  perTargetSource: { points: 2, durationSec: 600 },
  perTarget: { points: 10, durationSec: 600 },
};

/** A code entry for the slot `code` (expiring long after the codes' clock's `now`). */
const code = (mac: string, key = 'code'): NewCode => ({
  key,
  entry: JSON.stringify({ mac, expiresAt: 2_000_000_000_000, tries: 0, src: '' }),
  keep: 3,
  perSource: 3,
  now: 1_900_000_000_000,
  ttlMs: 60_000,
  failKey: `fails-${key}`,
  failWindowMs: 60_000,
});

// CodeStore's tries are covered through OneTimeCodes (OneTimeCodes.integration.test.ts); here, a send
// counted with its code.
describe.each(codeStoreBackends())('CodeStore on $name', ({ create }) => {
  let backend: CodeStoreBackend;
  beforeAll(async () => {
    backend = await create();
  });
  afterAll(async () => {
    await backend.dispose();
  });
  const macs = async (key: string) =>
    JSON.parse((await backend.store.get(key)) ?? '{"codes":[]}').codes.map((c: { mac: string }) => c.mac);

  it('counts a send on every counter and adds the code only while all are within their limits', async () => {
    const throttle = new SendThrottle(backend.store.throttleBackend, limits);
    const send = { throttle, target: 'email:ada@example.com', ip: '192.0.2.1' };
    await backend.codes.add(code('one', 'sent'), send);
    await backend.codes.add(code('two', 'sent'), send);
    expect(await macs('sent')).toEqual(['one', 'two']);
    // Over the per-target-and-source limit: 429 with that window's wait, and the slot left as it was.
    const over = await backend.codes.add(code('three', 'sent'), send).catch((error: unknown) => error);
    expect(over).toBeInstanceOf(LatchError);
    expect(over).toMatchObject({ code: 'too_many_requests' });
    expect((over as LatchError).retryAfter).toBeGreaterThan(60);
    expect(await macs('sent')).toEqual(['one', 'two']);
    // The refused send counted too, on every counter: the IP has spent its 3 sends, to anyone.
    await expect(
      backend.codes.add(code('four', 'other'), { throttle, target: 'email:bob@example.com', ip: '192.0.2.1' }),
    ).rejects.toMatchObject({ code: 'too_many_requests' });
    expect(await macs('other')).toEqual([]);
    await backend.codes.add(code('five', 'other'), { throttle, target: 'email:bob@example.com', ip: '192.0.2.2' });
    expect(await macs('other')).toEqual(['five']);
  });

  it('adds a code without a send to count, keeping the newest of each source and in all', async () => {
    for (const mac of ['a', 'b', 'c', 'd']) await backend.codes.add(code(mac, 'kept'));
    expect(await macs('kept')).toEqual(['b', 'c', 'd']);
  });
});

describe.each(codeStoreBackends().filter((b) => b.name !== 'redis'))('PgCodeStore on $name', ({ create }) => {
  it("counts a send in the throttle's own durable counters, windows included", async () => {
    const backend = await create();
    try {
      const throttle = new SendThrottle(backend.store.throttleBackend, limits);
      const send = { throttle, target: 'email:ada@example.com', ip: '192.0.2.1' };
      await backend.codes.add(code('one'), send);
      await backend.codes.add(code('two'), send);
      await expect(backend.codes.add(code('three'), send)).rejects.toMatchObject({ code: 'too_many_requests' });
      // The counters are the durable ones the throttle's own `consume` moves.
      expect(await backend.store.counters.get('rl:send-ip:192.0.2.1')).toMatchObject({ count: 3 });
      await expect(throttle.consume('email:ada@example.com', '192.0.2.1')).rejects.toMatchObject({
        code: 'too_many_requests',
      });
      await backend.passTime(600_001);
      await backend.codes.add(code('four'), send);
      // The slot had expired with its window: only the new code is in it.
      expect(JSON.parse((await backend.store.get('code')) ?? '{}').codes.map((c: { mac: string }) => c.mac)).toEqual([
        'four',
      ]);
    } finally {
      await backend.dispose();
    }
  });
});
