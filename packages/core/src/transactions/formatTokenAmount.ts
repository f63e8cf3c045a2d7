import { DISPLAY } from '@latch/protocol';

/** SPEC §9: a non-zero token amount under 0.001 shows as this. */
const BELOW_SMALLEST = '<0.001';

export interface TokenAmountFormat {
  /** The token's decimals (default 18, as for every native currency Latch knows). */
  decimals?: number;
  /** Appended after a space ('ETH'). */
  symbol?: string;
}

/**
 * A token amount in its smallest unit as SPEC §9 shows it: up to 6 decimals, trailing zeros dropped,
 * rounded half up ('0.123457 ETH'), or '<0.001' for a non-zero amount below 0.001.
 */
export function formatTokenAmount(amount: bigint, { decimals = 18, symbol }: TokenAmountFormat = {}): string {
  const withSymbol = (text: string) => (symbol ? `${text} ${symbol}` : text);
  const sign = amount < 0n ? '-' : '';
  const magnitude = amount < 0n ? -amount : amount;
  const unit = 10n ** BigInt(decimals);
  if (magnitude > 0n && magnitude < unit / 1000n) return withSymbol(`${sign}${BELOW_SMALLEST}`);
  const shown = DISPLAY.tokenMaxDecimals;
  // Rounded to `shown` decimals, half up, in integers: no float ever touches the amount.
  const scale = decimals > shown ? 10n ** BigInt(decimals - shown) : 1n;
  const rounded = decimals > shown ? (magnitude + scale / 2n) / scale : magnitude * 10n ** BigInt(shown - decimals);
  const perUnit = 10n ** BigInt(shown);
  const whole = (rounded / perUnit).toLocaleString('en-US');
  const decimalsText = (rounded % perUnit).toString().padStart(shown, '0').replace(/0+$/, '');
  return withSymbol(`${sign}${whole}${decimalsText ? `.${decimalsText}` : ''}`);
}
