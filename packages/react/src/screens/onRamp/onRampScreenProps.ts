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

export const VALUE_STYLE = { margin: 0, fontWeight: 500, fontFamily: 'ui-monospace, monospace' } as const;
