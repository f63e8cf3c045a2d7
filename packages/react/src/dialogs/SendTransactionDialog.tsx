import { useEmbeddedWalletState } from '../hooks/index.js';
import { lazyDialog } from './lazyDialog.js';

/**
 * EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN as a native modal <dialog>, open while a send waits for the user (its
 * screen loads then). With noPromptOnSignature the flow runs without a screen.
 */
export const SendTransactionDialog = lazyDialog(
  () => import('./SendTransactionDialogBody.js').then((m) => m.SendTransactionDialogBody),
  () => !!useEmbeddedWalletState().sendTransaction?.prompt,
);
