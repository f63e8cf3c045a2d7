import { DISPLAY } from '@latch/protocol';

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: DISPLAY.fiatDecimals,
  maximumFractionDigits: DISPLAY.fiatDecimals,
});

/** A US dollar amount as SPEC §9 shows it: 2 decimals ('$1,234.50'), or '<$0.01' below a cent. */
export function formatFiatAmount(usd: number): string {
  if (usd > 0 && usd < 0.01) return '<$0.01';
  return USD.format(usd);
}
