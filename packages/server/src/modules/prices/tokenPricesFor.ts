import { DEFAULT_PRICE_LIMIT, type Window } from '../../kernel/config/configLimits.js';
import type { ServerContext } from '../../kernel/context.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import { coinGeckoSource, type PriceSource } from './coinGeckoSource.js';
import { TokenPrices } from './TokenPrices.js';

/** Options of `buildTokenPrices`. */
interface TokenPricesSettings {
  /** A CoinGecko-style base URL (default: LATCH_PRICE_SOURCE_URL); null: no source. */
  sourceUrl?: string | null;
  /** Requests per client IP (default: LATCH_PRICE_LIMIT_PER_IP, else DEFAULT_PRICE_LIMIT). */
  limit?: Window;
  timeoutMs?: number;
}

/** Builds the token price service from the settings (or `options`): source, throttle and cache. */
export function buildTokenPrices(
  ctx: Pick<ServerContext, 'settings' | 'logger' | 'clock' | 'shortLived'>,
  options: TokenPricesSettings = {},
): TokenPrices {
  const url = options.sourceUrl === undefined ? ctx.settings.priceSourceUrl : (options.sourceUrl ?? undefined);
  const source: PriceSource | undefined = url ? coinGeckoSource(url) : undefined;
  // Per client IP: the prices are public, but each miss costs a call to the price source (often metered), so
  // no one client may drive it. Not per app: app ids are public too.
  const throttle = new KeyThrottle(
    ctx.shortLived.throttleBackend,
    'token-price',
    options.limit ?? ctx.settings.priceLimit ?? DEFAULT_PRICE_LIMIT,
  );
  return new TokenPrices({ source, throttle, clock: ctx.clock, logger: ctx.logger, timeoutMs: options.timeoutMs });
}

/** Rebuilds a running server's token price service with other options (tests: a loopback source, a tight limit). */
export function configureTokenPrices(ctx: ServerContext, options: TokenPricesSettings = {}): TokenPrices {
  ctx.tokenPrices = buildTokenPrices(ctx, options);
  return ctx.tokenPrices;
}
