import { LatchError } from '@latch/protocol';
import { type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Window } from '../config.js';
import { RateLimiterShortLived } from '../throttle/RateLimiterShortLived.js';
import type { ThrottleBackend } from '../throttle/SendThrottle.js';

/**
 * Limits GET /api/v1/token_price per client IP: the prices are public, but each miss costs a call to the
 * price source (often metered), so no one client may drive it. Not per app: app ids are public too.
 */
export class TokenPriceThrottle {
  private readonly limiter: RateLimiterAbstract;

  constructor(backend: ThrottleBackend, limit: Window) {
    const options = { points: limit.points, duration: limit.durationSec };
    this.limiter =
      'redis' in backend
        ? new RateLimiterRedis({
            ...options,
            storeClient: backend.redis,
            keyPrefix: `${backend.keyPrefix ?? ''}rl:token-price`,
          })
        : new RateLimiterShortLived({ ...options, storeClient: backend.kv, keyPrefix: 'rl:token-price' });
  }

  /** Counts one request of `ip`; `too_many_requests` with `retryAfter` past the limit. */
  async consume(ip: string): Promise<void> {
    try {
      await this.limiter.consume(ip);
    } catch (error) {
      // The library rejects with a RateLimiterRes when over the limit, with an Error when the store fails.
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new LatchError('too_many_requests', undefined, {
        retryAfter: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      });
    }
  }
}
