import { LatchError } from '@latch/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThrottleBackend } from '../kv/ShortLivedStore.js';
import { type ShortLivedBackend, shortLivedBackends } from '../kv/testing/shortLivedBackends.js';
import { DEFAULT_SEND_LIMITS, SendThrottle } from './SendThrottle.js';

const limits = {
  perTargetSource: { points: 3, durationSec: 600 },
  perTarget: { points: 3, durationSec: 600 },
  perIp: { points: 5, durationSec: 60 },
};

async function refusal(promise: Promise<unknown>): Promise<LatchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LatchError);
  return error as LatchError;
}

describe.each(shortLivedBackends())('SendThrottle on $name', ({ create }) => {
  let backend: ShortLivedBackend;
  let throttleBackend: ThrottleBackend;
  // One backend per block (PGlite start-up is the slow part); tests use distinct keys.
  beforeAll(async () => {
    backend = await create();
    throttleBackend = backend.redis
      ? { redis: backend.redis.client, keyPrefix: backend.redis.keyPrefix }
      : { kv: backend.store };
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it('refuses the send over the per-target limit with too_many_requests and a Retry-After', async () => {
    const throttle = new SendThrottle(throttleBackend, limits);
    for (let i = 0; i < 3; i++) await throttle.consume('email:a@example.com', `10.0.0.${i}`);
    const error = await refusal(throttle.consume('email:a@example.com', '10.0.0.9'));
    expect(error.code).toBe('too_many_requests');
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBeGreaterThan(500);
    expect(error.retryAfter).toBeLessThanOrEqual(600);
    // Another target is not affected.
    await throttle.consume('email:b@example.com', '10.0.0.9');
  });

  it('refuses the send over the per-IP limit, whatever the target', async () => {
    const throttle = new SendThrottle(throttleBackend, limits);
    for (let i = 0; i < 5; i++) await throttle.consume(`email:user${i}@example.com`, '192.0.2.1');
    const error = await refusal(throttle.consume('email:new@example.com', '192.0.2.1'));
    expect(error.code).toBe('too_many_requests');
    expect(error.retryAfter).toBeGreaterThan(0);
    expect(error.retryAfter).toBeLessThanOrEqual(60);
    await throttle.consume('email:new@example.com', '192.0.2.2');
  });

  it('lets a person retry a few times under the default limits', async () => {
    const throttle = new SendThrottle(throttleBackend);
    for (let i = 0; i < DEFAULT_SEND_LIMITS.perTargetSource.points; i++) {
      await throttle.consume('email:me@example.com', 'ip');
    }
    expect((await refusal(throttle.consume('email:me@example.com', 'ip'))).code).toBe('too_many_requests');
  });

  it('does not let one source spend the whole budget of a target (the owner can still resend)', async () => {
    const throttle = new SendThrottle(throttleBackend);
    const victim = 'email:victim@example.com';
    // The attacker sends from one IP until refused…
    for (let i = 0; i < DEFAULT_SEND_LIMITS.perTargetSource.points; i++) await throttle.consume(victim, '203.0.113.66');
    expect((await refusal(throttle.consume(victim, '203.0.113.66'))).code).toBe('too_many_requests');
    // …and the owner, from their own IP, still gets a code.
    await throttle.consume(victim, '198.51.100.7');
  });

  it('keeps a global per-target cap against pumping from many sources', async () => {
    const throttle = new SendThrottle(throttleBackend, {
      ...limits,
      perTargetSource: { points: 100, durationSec: 600 },
    });
    for (let i = 0; i < 3; i++) await throttle.consume('sms:+14155550199', `10.2.0.${i}`);
    expect((await refusal(throttle.consume('sms:+14155550199', '10.2.0.99'))).code).toBe('too_many_requests');
  });
});

// Moving time needs the injectable clock of the database store; Redis expiries run on Redis' own clock.
describe.each(shortLivedBackends().filter((b) => b.name !== 'redis'))('SendThrottle windows on $name', ({ create }) => {
  it('allows sends again once the window has passed', async () => {
    const backend = await create();
    try {
      const throttle = new SendThrottle({ kv: backend.store }, limits);
      for (let i = 0; i < 3; i++) await throttle.consume('sms:+14155550100', `10.1.0.${i}`);
      await refusal(throttle.consume('sms:+14155550100', '10.1.0.9'));
      await backend.passTime(600_001);
      await throttle.consume('sms:+14155550100', '10.1.0.9');
    } finally {
      await backend.dispose();
    }
  });
});
