import type { ServerContext } from '../context.js';
import { RedisShortLivedStore } from '../kv/RedisShortLivedStore.js';
import type { Limit } from '../throttle/SendThrottle.js';
import { rpcUrlsFromEnv } from './rpcUrlsFromEnv.js';
import { SiweInitThrottle } from './SiweInitThrottle.js';
import { createSiweLogin, type SiweLogin } from './SiweLogin.js';
import { siweChainsFromEnv } from './siweChains.js';
import type { AllowedChains } from './verifySiweMessage.js';

const byServer = new WeakMap<ServerContext, SiweLogin>();

/** Options of `configureSiwe`. */
export interface SiweOptions {
  /** JSON-RPC URLs by chain id (default: LATCH_RPC_URLS). */
  rpcUrls?: ReadonlyMap<number, string>;
  /** Nonces per app and client IP (default: 60 per 10 minutes). */
  initLimit?: Limit;
  /** The chains a message may name (default: LATCH_SIWE_CHAIN_IDS, else chain 1 and the RPC URLs' chains; any in dev mode). */
  chains?: AllowedChains | readonly number[];
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
  let chains = options.chains;
  if (!chains) {
    const fromEnv = siweChainsFromEnv(process.env, rpcUrls, ctx.settings.dev);
    if (fromEnv.invalid.length > 0) {
      ctx.logger.warn({ chains: fromEnv.invalid }, 'ignoring LATCH_SIWE_CHAIN_IDS entries that are not chain ids');
    }
    chains = fromEnv.chains;
  }
  const store = ctx.shortLived;
  const throttle = new SiweInitThrottle(
    store instanceof RedisShortLivedStore
      ? { redis: store.redis, keyPrefix: ctx.settings.redisKeyPrefix ?? 'latch:' }
      : { kv: store },
    options.initLimit,
  );
  const service = createSiweLogin(ctx, rpcUrls, throttle, chains === 'any' ? chains : new Set(chains));
  byServer.set(ctx, service);
  return service;
}

/** The SIWE service of a server, built on first use. */
export function siweLogin(ctx: ServerContext): SiweLogin {
  return byServer.get(ctx) ?? configureSiwe(ctx);
}
