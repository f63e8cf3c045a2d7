import { LatchError } from '@latch/protocol';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { ThrottleBackend } from '../kv/ShortLivedStore.js';
import { type Limit, limiter, retryAfterSeconds } from './SendThrottle.js';

/**
 * Limits one kind of request per key (a client IP, or an app and a client IP): one counter per key,
 * `limit.points` per `limit.durationSec`, kept under `rl:<name>` on `backend`.
 */
export class KeyThrottle {
  private readonly limiter: RateLimiterAbstract;

  constructor(backend: ThrottleBackend, name: string, limit: Limit) {
    this.limiter = limiter(backend, name, limit);
  }

  /** Counts one request of `key`; `too_many_requests` with `retryAfter` past the limit. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (error) {
      // The library rejects with a RateLimiterRes when over the limit, with an Error when the store fails.
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new LatchError('too_many_requests', undefined, { retryAfter: retryAfterSeconds(error) });
    }
  }
}
