import type { Context } from 'hono';
import type { ServerContext } from '../../kernel/context.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import type { Limit } from '../../kernel/throttle/SendThrottle.js';

type ThrottleContext = Pick<ServerContext, 'shortLived'>;

/** Sign calls per user and per client IP: a purchase takes one, a user retrying a few. */
export const DEFAULT_ON_RAMP_LIMITS = {
  perUser: { points: 20, durationSec: 60 },
  perIp: { points: 120, durationSec: 60 },
} satisfies Record<string, Limit>;

interface OnRampThrottles {
  perUser: KeyThrottle;
  perIp: KeyThrottle;
}

// One pair per server context, built on first use (or by `configureOnRampThrottle`).
const throttles = new WeakMap<ThrottleContext, OnRampThrottles>();

/** Sets a server's sign-call limits (tests); the defaults otherwise. */
export function configureOnRampThrottle(
  ctx: ThrottleContext,
  limits: { perUser: Limit; perIp: Limit } = DEFAULT_ON_RAMP_LIMITS,
): void {
  const backend = ctx.shortLived.throttleBackend;
  throttles.set(ctx, {
    perUser: new KeyThrottle(backend, 'on-ramp-sign-user', limits.perUser),
    perIp: new KeyThrottle(backend, 'on-ramp-sign-ip', limits.perIp),
  });
}

/** Counts one sign call of (app, user) and of the client IP; 429 `too_many_requests` past either limit. */
export async function countSignRequest(ctx: ThrottleContext, c: Context, appId: string, userId: string): Promise<void> {
  if (!throttles.has(ctx)) configureOnRampThrottle(ctx);
  const { perUser, perIp } = throttles.get(ctx) as OnRampThrottles;
  await perIp.consume(clientIp(c));
  await perUser.consume(`${appId}:${userId}`);
}
