/**
 * The price source's coin id of each native token Latch prices, by upper-case symbol (CoinGecko's ids;
 * any source that speaks its simple-price API uses the same). A symbol not here has no fiat price.
 */
export const PRICE_IDS: Readonly<Record<string, string>> = {
  ETH: 'ethereum',
  POL: 'polygon-ecosystem-token',
  MATIC: 'matic-network',
  BNB: 'binancecoin',
  AVAX: 'avalanche-2',
  CELO: 'celo',
  XDAI: 'xdai',
  MNT: 'mantle',
  ROSE: 'oasis-network',
  FTM: 'fantom',
};

/**
 * Local dev chains (anvil/hardhat 31337, geth --dev 1337): their ETH is test money, so it has no price,
 * although viem does not mark them as testnets.
 */
export const DEV_CHAIN_IDS: ReadonlySet<number> = new Set([31337, 1337]);
