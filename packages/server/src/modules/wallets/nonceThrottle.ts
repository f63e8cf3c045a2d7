import type { Context } from 'hono';
import { DEFAULT_NONCE_LIMIT_PER_IP, DEFAULT_NONCE_LIMIT_PER_USER } from '../../kernel/config/configLimits.js';
import type { ServerContext } from '../../kernel/context.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';

type ThrottleContext = Pick<ServerContext, 'settings' | 'shortLived'>;

interface NonceThrottles {
  perUser: KeyThrottle;
  perIp: KeyThrottle;
}

// One pair per server context (the limits are read from its settings once).
const throttles = new WeakMap<ThrottleContext, NonceThrottles>();

function throttlesOf(ctx: ThrottleContext): NonceThrottles {
  let pair = throttles.get(ctx);
  if (!pair) {
    const backend = ctx.shortLived.throttleBackend;
    pair = {
      perUser: new KeyThrottle(
        backend,
        'device-nonce-user',
        ctx.settings.nonceLimitPerUser ?? DEFAULT_NONCE_LIMIT_PER_USER,
      ),
      perIp: new KeyThrottle(backend, 'device-nonce-ip', ctx.settings.nonceLimitPerIp ?? DEFAULT_NONCE_LIMIT_PER_IP),
    };
    throttles.set(ctx, pair);
  }
  return pair;
}

/**
 * Counts one proof-nonce request of (app, user) and of the client IP; 429 `too_many_requests` with
 * `retryAfter` past either limit, before anything is minted. Every nonce is a stored row until it expires,
 * so without this one access token could grow the short-lived store without bound.
 */
export async function countNonceRequest(
  ctx: ThrottleContext,
  c: Context,
  appId: string,
  userId: string,
): Promise<void> {
  const { perUser, perIp } = throttlesOf(ctx);
  // Per IP too: one client holding many users' tokens (or minting users) is cut off as a whole.
  await perIp.consume(clientIp(c));
  await perUser.consume(`${appId}:${userId}`);
}
