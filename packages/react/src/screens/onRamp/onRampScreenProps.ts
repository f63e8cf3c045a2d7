import type { FundingScreenEvent, FundingState } from '@latch/core';

/** The single supported on-ramp provider (SPEC §9), named in the screens' texts. */
export const ON_RAMP_PROVIDER_NAME = 'MoonPay';

/** The on-ramp screens' props: core's funding state and its dispatch (the screens render state only). */
export interface OnRampScreenProps {
  titleId: string;
  state: FundingState;
  dispatch(event: FundingScreenEvent): void;
}

/** A provider currency code as the user reads it: `eth_base` → `ETH`, `usdc_polygon` → `USDC`. */
export const assetName = (code: string | undefined): string => (code ?? 'eth').split('_')[0]?.toUpperCase() ?? '';

// Inline (CSSOM) styles, as on the send screen: a strict host style-src allows them.
export const DETAILS_STYLE = {
  display: 'block',
  margin: 0,
  padding: '8px 12px',
  borderRadius: 8,
  background: 'var(--latch-surface)',
} as const;
export const ROW_STYLE = {
  display: 'flex',
  justifyContent: 'space-between',
  gap: 12,
  padding: '4px 0',
  fontSize: 14,
} as const;
export const LABEL_STYLE = { margin: 0, color: 'var(--latch-muted)' } as const;
export const VALUE_STYLE = { margin: 0, fontWeight: 500, fontFamily: 'ui-monospace, monospace' } as const;
