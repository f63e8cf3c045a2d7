import { formatUnits } from 'viem';

/** The US dollar value of a token amount (in its smallest unit) at a price per whole token, for formatFiatAmount. */
export function tokenAmountInUsd(amount: bigint, usdPrice: number, decimals = 18): number {
  return Number(formatUnits(amount, decimals)) * usdPrice;
}
