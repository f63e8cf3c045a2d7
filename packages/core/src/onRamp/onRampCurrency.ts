import { ON_RAMP_DEFAULT_CURRENCY } from '@latch/protocol/onRamp';

/** What `fundWallet` buys: the chain's native token, or USDC on that chain. */
export type OnRampAsset = 'native' | 'USDC';

// The provider's currency codes (MoonPay's `currencyCode`) per chain id: native token, then USDC.
const CODES: Record<number, { native: string; USDC?: string }> = {
  1: { native: 'eth', USDC: 'usdc' },
  8453: { native: 'eth_base', USDC: 'usdc_base' },
  10: { native: 'eth_optimism', USDC: 'usdc_optimism' },
  42161: { native: 'eth_arbitrum', USDC: 'usdc_arbitrum' },
  137: { native: 'pol_polygon', USDC: 'usdc_polygon' },
  // Sepolia: the provider's sandbox buys test ETH on it.
  11155111: { native: 'eth_sepolia', USDC: 'usdc_sepolia' },
  // The local dev chain: the offline stand-in (apps/dev-idp) pays ETH on it.
  31337: { native: 'eth' },
};

/**
 * The provider's currency code for `asset` on `chainId`, or ON_RAMP_DEFAULT_CURRENCY (ETH on Ethereum) when
 * no chain is given; null when the provider sells no such currency (the caller refuses rather than buying on
 * another chain).
 */
export function onRampCurrencyCode(chainId: number | undefined, asset: OnRampAsset = 'native'): string | null {
  if (chainId === undefined) return asset === 'native' ? ON_RAMP_DEFAULT_CURRENCY : (CODES[1]?.USDC ?? null);
  const codes = CODES[chainId];
  if (!codes) return null;
  return (asset === 'native' ? codes.native : codes.USDC) ?? null;
}
