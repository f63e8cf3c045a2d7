import type { FundingState } from '@latch/core';
import { useSyncExternalStore } from 'react';
import { useLatchContext } from '../LatchContext.js';

/** The open funding (FIAT_ON_RAMP_* screens; null when none), bound with useSyncExternalStore. */
export function useFundingState(): FundingState | null {
  const { funding } = useLatchContext().latch;
  return useSyncExternalStore(funding.subscribe, funding.getState, funding.getState);
}
