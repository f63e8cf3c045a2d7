import { PRICES_API, type TokenPriceResponse } from '@latch/protocol';
import type { ActionContext } from './context.js';

/** Token prices from Latch's server (SPEC §7 "Token USD price per chain"). */
export interface PriceActions {
  /**
   * The US dollar price of a chain's native token (GET /api/v1/token_price), or null when there is none
   * (no price source, a test chain, the server unreachable): the send screen then shows token amounts only.
   */
  getTokenPrice(chainId: number, tokenSymbol: string): Promise<number | null>;
}

/** Builds the price actions. */
export function priceActions(ctx: ActionContext): PriceActions {
  return {
    async getTokenPrice(chainId, tokenSymbol) {
      const query = new URLSearchParams({ chainId: String(chainId), tokenSymbol });
      try {
        const answer = await ctx.transport.request<TokenPriceResponse>(`${PRICES_API.tokenPrice}?${query}`, {
          method: 'GET',
          // A price is a nicety: one try, and no price rather than a wait.
          attempts: 1,
          signal: ctx.signal,
        });
        return typeof answer.usd === 'number' && Number.isFinite(answer.usd) && answer.usd >= 0 ? answer.usd : null;
      } catch {
        return null;
      }
    },
  };
}
