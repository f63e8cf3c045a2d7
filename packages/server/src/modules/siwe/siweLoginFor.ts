import type { ServerContext } from '../../kernel/context.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import type { Limit } from '../../kernel/throttle/SendThrottle.js';
import { rpcUrlsFromEnv } from './rpcUrlsFromEnv.js';
import { createSiweLogin, type SiweLogin } from './SiweLogin.js';
import { siweChainsFromEnv } from './siweChains.js';
import type { AllowedChains } from './verifySiweMessage.js';

/** Nonces one client IP may ask one app for: far above a person retrying, far below a flood of the store. */
const DEFAULT_SIWE_INIT_LIMIT: Limit = { points: 60, durationSec: 10 * 60 };

/** Options of `buildSiwe`. */
interface SiweOptions {
  /** JSON-RPC URLs by chain id (default: LATCH_RPC_URLS). */
  rpcUrls?: ReadonlyMap<number, string>;
  /** Nonces per app and client IP (default: 60 per 10 minutes). */
  initLimit?: Limit;
  /** The chains a message may name (default: LATCH_SIWE_CHAIN_IDS, else chain 1 and the RPC URLs' chains; any in dev mode). */
  chains?: AllowedChains | readonly number[];
}

/** Builds the SIWE service: nonces in the short-lived store, RPC URLs and chains from the options or the settings. */
export function buildSiwe(
  ctx: Pick<ServerContext, 'settings' | 'logger' | 'db' | 'clock' | 'shortLived'>,
  options: SiweOptions = {},
): SiweLogin {
  let rpcUrls = options.rpcUrls;
  if (!rpcUrls) {
    const fromEnv = rpcUrlsFromEnv({ LATCH_RPC_URLS: ctx.settings.rpcUrls });
    if (fromEnv.invalid.length > 0) {
      ctx.logger.warn({ chains: fromEnv.invalid }, 'ignoring malformed LATCH_RPC_URLS entries (expected chainId=url)');
    }
    rpcUrls = fromEnv.rpcUrls;
  }
  let chains = options.chains;
  if (!chains) {
    const fromEnv = siweChainsFromEnv({ LATCH_SIWE_CHAIN_IDS: ctx.settings.siweChainIds }, rpcUrls, ctx.settings.dev);
    if (fromEnv.invalid.length > 0) {
      ctx.logger.warn({ chains: fromEnv.invalid }, 'ignoring LATCH_SIWE_CHAIN_IDS entries that are not chain ids');
    }
    chains = fromEnv.chains;
  }
  // Per app and client IP, not per address: anyone may ask for a nonce for any address, so a per-address
  // limit would let a stranger lock a wallet out of its own login.
  const throttle = new KeyThrottle(
    ctx.shortLived.throttleBackend,
    'siwe-init',
    options.initLimit ?? DEFAULT_SIWE_INIT_LIMIT,
  );
  return createSiweLogin(ctx, rpcUrls, throttle, chains === 'any' ? chains : new Set(chains));
}

/** Rebuilds a running server's SIWE service with other options (tests: RPC URLs of a local chain, tighter limits). */
export function configureSiwe(ctx: ServerContext, options: SiweOptions = {}): SiweLogin {
  ctx.siwe = buildSiwe(ctx, options);
  return ctx.siwe;
}
