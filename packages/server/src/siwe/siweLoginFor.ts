import type { ServerContext } from '../context.js';
import { RedisShortLivedStore } from '../kv/RedisShortLivedStore.js';
import type { Limit } from '../throttle/SendThrottle.js';
import { rpcUrlsFromEnv } from './rpcUrlsFromEnv.js';
import { SiweInitThrottle } from './SiweInitThrottle.js';
import { createSiweLogin, type SiweLogin } from './SiweLogin.js';

const byServer = new WeakMap<ServerContext, SiweLogin>();

/** Options of `configureSiwe`. */
export interface SiweOptions {
  /** JSON-RPC URLs by chain id (default: LATCH_RPC_URLS). */
  rpcUrls?: ReadonlyMap<number, string>;
  /** Nonces per app and client IP (default: 60 per 10 minutes). */
  initLimit?: Limit;
}

/** (Re)builds the SIWE service of a server: nonces in its short-lived store, RPC URLs from the options or the environment. */
export function configureSiwe(ctx: ServerContext, options: SiweOptions = {}): SiweLogin {
  let rpcUrls = options.rpcUrls;
  if (!rpcUrls) {
    const fromEnv = rpcUrlsFromEnv(process.env);
    if (fromEnv.invalid.length > 0) {
      ctx.logger.warn({ chains: fromEnv.invalid }, 'ignoring malformed LATCH_RPC_URLS entries (expected chainId=url)');
    }
    rpcUrls = fromEnv.rpcUrls;
  }
  const store = ctx.shortLived;
  const throttle = new SiweInitThrottle(
    store instanceof RedisShortLivedStore
      ? { redis: store.redis, keyPrefix: ctx.settings.redisKeyPrefix ?? 'latch:' }
      : { kv: store },
    options.initLimit,
  );
  const service = createSiweLogin(ctx, rpcUrls, throttle);
  byServer.set(ctx, service);
  return service;
}

/** The SIWE service of a server, built on first use. */
export function siweLogin(ctx: ServerContext): SiweLogin {
  return byServer.get(ctx) ?? configureSiwe(ctx);
}
