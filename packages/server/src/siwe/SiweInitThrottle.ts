import { LatchError } from '@latch/protocol';
import { type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimiterShortLived } from '../throttle/RateLimiterShortLived.js';
import type { Limit, ThrottleBackend } from '../throttle/SendThrottle.js';

/** Nonces one client IP may ask one app for: far above a person retrying, far below a flood of the store. */
export const DEFAULT_SIWE_INIT_LIMIT: Limit = { points: 60, durationSec: 10 * 60 };

/**
 * Limits /siwe/init per app and client IP. Not per address: anyone may ask for a nonce for any address,
 * so a per-address limit would let a stranger lock a wallet out of its own login.
 */
export class SiweInitThrottle {
  private readonly limiter: RateLimiterAbstract;

  constructor(backend: ThrottleBackend, limit: Limit = DEFAULT_SIWE_INIT_LIMIT) {
    const options = { points: limit.points, duration: limit.durationSec };
    this.limiter =
      'redis' in backend
        ? new RateLimiterRedis({
            ...options,
            storeClient: backend.redis,
            keyPrefix: `${backend.keyPrefix ?? ''}rl:siwe-init`,
          })
        : new RateLimiterShortLived({ ...options, storeClient: backend.kv, keyPrefix: 'rl:siwe-init' });
  }

  /** Counts one nonce for `ip` at `appId`; `too_many_requests` with `retryAfter` past the limit. */
  async consume(appId: string, ip: string): Promise<void> {
    try {
      await this.limiter.consume(`${appId}:${ip}`);
    } catch (error) {
      // The library rejects with a RateLimiterRes when over the limit, with an Error when the store fails.
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new LatchError('too_many_requests', undefined, {
        retryAfter: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      });
    }
  }
}
