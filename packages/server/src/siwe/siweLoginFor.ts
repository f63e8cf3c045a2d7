import type { ServerContext } from '../context.js';
import { rpcUrlsFromEnv } from './rpcUrlsFromEnv.js';
import { createSiweLogin, type SiweLogin } from './SiweLogin.js';

const byServer = new WeakMap<ServerContext, SiweLogin>();

/** Options of `configureSiwe`. */
export interface SiweOptions {
  /** JSON-RPC URLs by chain id (default: LATCH_RPC_URLS). */
  rpcUrls?: ReadonlyMap<number, string>;
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
  const service = createSiweLogin(ctx, rpcUrls);
  byServer.set(ctx, service);
  return service;
}

/** The SIWE service of a server, built on first use. */
export function siweLogin(ctx: ServerContext): SiweLogin {
  return byServer.get(ctx) ?? configureSiwe(ctx);
}
