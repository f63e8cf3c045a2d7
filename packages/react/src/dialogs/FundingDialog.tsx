import { useEmbeddedWalletState } from '../hooks/index.js';
import { lazyDialog } from './lazyDialog.js';

/**
 * Where `fundWallet()` opens FIAT_ON_RAMP_PROMPT_SCREEN then FIAT_ON_RAMP_STATUS_SCREEN (nothing while no funding is
 * open); the dialog, its screens and texts load only when a funding opens.
 */
export const FundingDialog = lazyDialog(
  () => import('./FundingDialogBody.js').then((m) => m.FundingDialogBody),
  () => !!useEmbeddedWalletState().funding,
);
