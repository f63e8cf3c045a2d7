import type { FundingController } from '@latch/core';
import { useLatchContext } from '../LatchContext.js';

/**
 * `fundWallet({ address?, chain?, asset?, amount? })`: opens the on-ramp's screens for the user's wallet (SPEC §2
 * FIAT_ON_RAMP_*); resolves with the last status when the user closes them, rejects when the app's on-ramp is off
 * or the user has no wallet (docs/wallets.md "Funding a wallet").
 */
export function useFundWallet(): { fundWallet: FundingController['fundWallet'] } {
  const { latch } = useLatchContext();
  return { fundWallet: latch.fundWallet };
}
