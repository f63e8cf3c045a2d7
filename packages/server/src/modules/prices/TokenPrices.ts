import { LatchError, unsupportedChainIdText } from '@latch/protocol';
import type { Clock } from '../../kernel/clock.js';
import type { Logger } from '../../kernel/logger.js';
import type { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import { TtlCache } from '../../kernel/ttlCache.js';
import type { PriceSource } from './coinGeckoSource.js';
import { nativeTokenOf } from './nativeTokenOf.js';
import { DEV_CHAIN_IDS, PRICE_IDS } from './priceIds.js';

/** How long a price is served from memory: fiat estimates need no more, and the source is spared. */
export const PRICE_TTL_MS = 60_000;
/** How long a failed source call is remembered: a down source is not asked again by every request. */
export const PRICE_FAILURE_TTL_MS = 10_000;
/** How long one call to the source may take before the request gets `price_source_error`. */
const PRICE_FETCH_TIMEOUT_MS = 5_000;

/** A remembered answer of the source: a price, no price for the id, or a failure. */
type Outcome = { usd: number } | { missing: true } | { failed: true };

/** The parts TokenPrices uses. */
interface TokenPricesOptions {
  /** Undefined when no price source is configured: every price is null. */
  source: PriceSource | undefined;
  /** Per client IP. */
  throttle: KeyThrottle;
  clock: Clock;
  logger: Logger;
  timeoutMs?: number;
}

/**
 * USD prices of the native tokens of chains (GET /api/v1/token_price): checked against viem's chain
 * definitions, read from the configured source, kept PRICE_TTL_MS in memory, with concurrent misses for
 * one token sharing one source call.
 */
export class TokenPrices {
  private readonly prices: TtlCache<Outcome>;
  private readonly failures: TtlCache<Outcome>;
  private readonly inFlight = new Map<string, Promise<Outcome>>();

  constructor(private readonly options: TokenPricesOptions) {
    this.prices = new TtlCache(PRICE_TTL_MS, options.clock, 1_000);
    this.failures = new TtlCache(PRICE_FAILURE_TTL_MS, options.clock, 1_000);
  }

  /**
   * The USD price of `tokenSymbol` (upper case) on chain `chainId`, for client `ip`, or null when there is
   * none to give (no source, a test chain, a token without a price): an answer, not an error, since a send
   * screen asks on every send and a server without a price source is a normal setup. Throws LatchError:
   * `too_many_requests`, `unsupported_chain_id`, `unsupported_token` (not the chain's native token) or
   * `price_source_error`.
   */
  async usd(chainId: number, tokenSymbol: string, ip: string): Promise<number | null> {
    await this.options.throttle.consume(ip);
    const token = await nativeTokenOf(chainId);
    if (!token) throw new LatchError('unsupported_chain_id', unsupportedChainIdText(chainId));
    if (token.symbol !== tokenSymbol) throw new LatchError('unsupported_token');
    const coinId = PRICE_IDS[tokenSymbol];
    // Test money has no market price; showing mainnet's would be a made-up figure.
    if (!this.options.source || token.testnet || DEV_CHAIN_IDS.has(chainId) || !coinId) return null;
    const outcome = this.prices.get(coinId) ?? this.failures.get(coinId) ?? (await this.fetchOnce(coinId));
    if ('usd' in outcome) return outcome.usd;
    if ('missing' in outcome) return null;
    throw new LatchError('price_source_error');
  }

  /** Asks the source for `coinId`, one call at a time per id; remembers the outcome. */
  private fetchOnce(coinId: string): Promise<Outcome> {
    let call = this.inFlight.get(coinId);
    if (!call) {
      call = this.fetch(coinId).finally(() => this.inFlight.delete(coinId));
      this.inFlight.set(coinId, call);
    }
    return call;
  }

  private async fetch(coinId: string): Promise<Outcome> {
    const source = this.options.source as PriceSource;
    try {
      const usd = await source(coinId, AbortSignal.timeout(this.options.timeoutMs ?? PRICE_FETCH_TIMEOUT_MS));
      const outcome: Outcome = usd === undefined ? { missing: true } : { usd };
      this.prices.set(coinId, outcome);
      return outcome;
    } catch (error) {
      // The reason stays in the log; the URL is not in it (coinGeckoSource's errors never name it).
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.options.logger.warn({ coin_id: coinId, reason }, 'price source call failed');
      const outcome: Outcome = { failed: true };
      this.failures.set(coinId, outcome);
      return outcome;
    }
  }
}
