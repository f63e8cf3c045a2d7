import { LatchError } from '@latch/protocol';
import { type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { CounterState } from '../kv/DurableCounters.js';
import type { ThrottleBackend } from '../kv/ShortLivedStore.js';
import { RateLimiterShortLived } from './RateLimiterShortLived.js';

/** One limit: at most `points` events per `durationSec` seconds. */
export interface Limit {
  points: number;
  durationSec: number;
}

/** The limits on sending one-time codes (docs/passwordless.md explains the choice). */
export interface SendLimits {
  /** Sends to one email address or phone number from one client IP: what one source can spend. */
  perTargetSource: Limit;
  /** Sends to one email address or phone number, whoever asks: the cap against pumping, set higher. */
  perTarget: Limit;
  /** Sends requested from one client IP, to any targets. */
  perIp: Limit;
}

/**
 * Default limits: a person retrying a few times never hits them; a script spraying codes does at once.
 * One source cannot spend a target's whole budget: the owner's own resends count against their own IP,
 * and only many sources together reach the per-target cap.
 */
export const DEFAULT_SEND_LIMITS: SendLimits = {
  perTargetSource: { points: 5, durationSec: 10 * 60 },
  perTarget: { points: 20, durationSec: 60 * 60 },
  perIp: { points: 20, durationSec: 10 * 60 },
};

/** A counter with the window a new count starts and the most it may reach. */
export interface CounterLimit {
  key: string;
  ttlMs: number;
  max: number;
  /** Not counted for a known sender (the per-target cap, RL-03): set on the counters `countersFor(…, 'ask')` leaves to the store. */
  waivedWhenKnown?: boolean;
}

/** A rate limiter named `name` (its keys' prefix) on `backend`. */
export function limiter(backend: ThrottleBackend, name: string, limit: Limit): RateLimiterAbstract {
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
export function retryAfterSeconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** The per-target × source counter's key: the target and the client IP. */
const targetSource = (target: string, ip: string) => `${target}|${ip}`;

/** Throttles code sends per target (address/number) × client IP, per target, and per client IP. */
export class SendThrottle {
  private readonly perTargetSource: RateLimiterAbstract;
  private readonly perTarget: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;

  constructor(
    backend: ThrottleBackend,
    private readonly limits: SendLimits = DEFAULT_SEND_LIMITS,
  ) {
    this.perTargetSource = limiter(backend, 'send-target-ip', limits.perTargetSource);
    this.perTarget = limiter(backend, 'send-target', limits.perTarget);
    this.perIp = limiter(backend, 'send-ip', limits.perIp);
  }

  /**
   * The counters of a send as the ShortLivedStore's durable counters keep them (the keys `consume`
   * moves there), for a store that counts them and writes the code in one statement (PgCodeStore).
   * A `known` client (one that proved the target before) is not counted against the per-target cap;
   * with `known` 'ask', the per-target counter is there marked `waivedWhenKnown`, for the store to decide.
   */
  countersFor(target: string, ip: string, known: boolean | 'ask' = false): CounterLimit[] {
    const counter = (name: string, key: string, limit: Limit) => ({
      key: `rl:${name}:${key}`,
      ttlMs: limit.durationSec * 1000,
      max: limit.points,
    });
    const counters = [
      counter('send-ip', ip, this.limits.perIp),
      counter('send-target-ip', targetSource(target, ip), this.limits.perTargetSource),
    ];
    if (known === true) return counters;
    const perTarget = counter('send-target', target, this.limits.perTarget);
    return [...counters, known === 'ask' ? { ...perTarget, waivedWhenKnown: true } : perTarget];
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
   * Counts one send of a code to `target` (already normalised, channel-qualified) asked by `ip`
   * (`known`: not against the per-target cap, as `countersFor`).
   * Throws LatchError('too_many_requests') with `retryAfter` when any limit is exceeded.
   */
  async consume(target: string, ip: string, known = false): Promise<void> {
    // Every counter moves on every send (in parallel: one round trip); the longest wait is the answer.
    const outcomes = await Promise.allSettled([
      this.perIp.consume(ip),
      this.perTargetSource.consume(targetSource(target, ip)),
      ...(known ? [] : [this.perTarget.consume(target)]),
    ]);
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
