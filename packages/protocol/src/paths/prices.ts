// Prices (SPEC §7 "Other user and funding calls", "Blockchain and price calls"). Server: modules/prices/.

/** The server's price paths. */
export const PRICES_API = {
  /** GET /api/v1/token_price?chainId&tokenSymbol, returns usd: the native token's USD price. */
  tokenPrice: '/api/v1/token_price',
} as const;
