import type { LatchModule } from '../../kernel/module.js';
import type { TokenPrices } from './TokenPrices.js';
import { tokenPriceRoutes } from './tokenPriceRoutes.js';
import { buildTokenPrices } from './tokenPricesFor.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** Native token USD prices for GET /api/v1/token_price (modules/prices/). */
    tokenPrices: TokenPrices;
  }
}

/** Native token prices for the send screens (SPEC §7 "Token price"). */
export const pricesModule: LatchModule = {
  id: 'prices',
  services: (ctx) => ({ tokenPrices: buildTokenPrices(ctx) }),
  routes: tokenPriceRoutes,
};
