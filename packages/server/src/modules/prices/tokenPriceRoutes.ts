import { LatchError, PRICES_API } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import * as v from 'valibot';
import type { RouteDef } from '../../kernel/http/env.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';

/**
 * GET /api/v1/token_price?chainId&tokenSymbol → `{ usd }` (SPEC §7): the USD price of a chain's native
 * token, for the send screen's fiat estimates; `{ usd: null }` when there is no price (a server without a
 * price source answers every send without an error). Public data, asked by a known app, throttled per client IP.
 */
export const tokenPriceRoutes: RouteDef[] = [
  {
    method: 'get',
    path: PRICES_API.tokenPrice,
    caller: 'app',
    handler: async (c) => {
      const result = v.safeParse(schemas.TokenPriceQuery, c.req.query());
      if (!result.success) {
        const issue = result.issues[0];
        const field = issue.path?.map((p) => String(p.key)).join('.');
        throw new LatchError('invalid_data', `Invalid value for ${field ?? 'the query'}: ${issue.message}`);
      }
      const { chainId, tokenSymbol } = result.output;
      const usd = await c.get('ctx').tokenPrices.usd(chainId, tokenSymbol, clientIp(c));
      // The browser may reuse it as long as the server does (a price is at most a minute old either way);
      // private: the answer depends on request headers a shared cache would not key on.
      c.header('Cache-Control', 'private, max-age=60');
      return c.json({ usd } satisfies schemas.TokenPriceResponse);
    },
  },
];
