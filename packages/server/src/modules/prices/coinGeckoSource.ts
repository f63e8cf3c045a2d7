/** A source of USD prices by coin id; undefined when it has no price for the id. Throws when it fails. */
export type PriceSource = (coinId: string, signal: AbortSignal) => Promise<number | undefined>;

/**
 * A price source speaking CoinGecko's simple-price API: GET `<baseUrl>/simple/price?ids=<id>&vs_currencies=usd`
 * answering `{ "<id>": { "usd": <number> } }` (an id it does not know is absent). The base URL keeps its
 * own query, so an API key can ride there (`?x_cg_pro_api_key=…`). Errors name the status only, never
 * the URL: it may carry that key.
 */
export function coinGeckoSource(baseUrl: string): PriceSource {
  return async (coinId, signal) => {
    const url = new URL(baseUrl);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/simple/price`;
    url.searchParams.set('ids', coinId);
    url.searchParams.set('vs_currencies', 'usd');
    const response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'error' });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the price source answered ${response.status}`);
    }
    const body = (await response.json()) as Record<string, { usd?: unknown } | undefined> | null;
    const entry = body?.[coinId];
    if (entry === undefined) return undefined;
    const usd = entry?.usd;
    if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) {
      throw new Error('the price source answered a malformed price');
    }
    return usd;
  };
}
