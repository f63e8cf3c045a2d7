/** How far a wallet's clock may be off the server's: `Issued At` is bounded by the nonce's life ± this. */
export const SIWE_CLOCK_SKEW_MS = 5 * 60_000;
