import { LatchError } from '@latch/protocol';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { CounterLimit, CounterState, ShortLivedStore } from '../kv/ShortLivedStore.js';
import { RateLimiterShortLived } from './RateLimiterShortLived.js';

/** One limit: at most `points` events per `durationSec` seconds. */
export interface Limit {
  points: number;
  durationSec: number;
}

/** The limits on sending one-time codes (docs/passwordless.md explains the choice). */
export interface SendLimits {
  /** Sends to one email address or phone number, whoever asks. */
  perTarget: Limit;
  /** Sends requested from one client IP, to any targets. */
  perIp: Limit;
}

/** Default limits: a person retrying a few times never hits them; a script spraying codes does at once. */
export const DEFAULT_SEND_LIMITS: SendLimits = {
  perTarget: { points: 5, durationSec: 10 * 60 },
  perIp: { points: 20, durationSec: 10 * 60 },
};

/** Where the counters live: Redis (RateLimiterRedis) or our ShortLivedStore (PostgreSQL/PGlite). */
export type ThrottleBackend = { redis: Redis; keyPrefix?: string } | { kv: ShortLivedStore };

function limiter(backend: ThrottleBackend, name: string, limit: Limit): RateLimiterAbstract {
  const options = { points: limit.points, duration: limit.durationSec };
  if ('redis' in backend) {
    return new RateLimiterRedis({
      ...options,
      storeClient: backend.redis,
      keyPrefix: `${backend.keyPrefix ?? ''}rl:${name}`,
    });
  }
  return new RateLimiterShortLived({ ...options, storeClient: backend.kv, keyPrefix: `rl:${name}` });
}

/** Seconds a client must wait, rounded up, never 0 (so Retry-After always means "later"). */
function retryAfterSeconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Throttles code sends per target (address/number) and per client IP. */
export class SendThrottle {
  private readonly perTarget: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;

  constructor(
    private readonly backend: ThrottleBackend,
    private readonly limits: SendLimits = DEFAULT_SEND_LIMITS,
  ) {
    this.perTarget = limiter(backend, 'send-target', limits.perTarget);
    this.perIp = limiter(backend, 'send-ip', limits.perIp);
  }

  /**
   * The two counters of a send as a ShortLivedStore keeps them (the keys `consume` moves), for a store
   * that counts them and writes the code in one step (`setWithinLimits`); undefined on Redis.
   */
  countersFor(target: string, ip: string): CounterLimit[] | undefined {
    if (!('kv' in this.backend) || !this.backend.kv.setWithinLimits) return undefined;
    const counter = (name: string, key: string, limit: Limit) => ({
      key: `rl:${name}:${key}`,
      ttlMs: limit.durationSec * 1000,
      max: limit.points,
    });
    return [counter('send-ip', ip, this.limits.perIp), counter('send-target', target, this.limits.perTarget)];
  }

  /** Throws what `consume` throws when any of `counters` went over its maximum (`states` in order). */
  refuseOver(counters: readonly CounterLimit[], states: readonly CounterState[]): void {
    let retryAfterMs = 0;
    counters.forEach((counter, index) => {
      const state = states[index];
      if (state && state.count > counter.max) retryAfterMs = Math.max(retryAfterMs, state.ttlMs);
    });
    if (retryAfterMs > 0) {
      throw new LatchError('too_many_requests', undefined, { retryAfter: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
    }
  }

  /**
   * Counts one send of a code to `target` (already normalised, channel-qualified) asked by `ip`.
   * Throws LatchError('too_many_requests') with `retryAfter` when either limit is exceeded.
   */
  async consume(target: string, ip: string): Promise<void> {
    // Both counters move on every send (in parallel: one round trip); the longer wait is the answer.
    const outcomes = await Promise.allSettled([this.perIp.consume(ip), this.perTarget.consume(target)]);
    let retryAfter = 0;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') continue;
      // The library rejects with a RateLimiterRes when over the limit, with an Error when the store fails.
      if (!(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
      retryAfter = Math.max(retryAfter, retryAfterSeconds(outcome.reason));
    }
    if (retryAfter > 0) throw new LatchError('too_many_requests', undefined, { retryAfter });
  }
}
