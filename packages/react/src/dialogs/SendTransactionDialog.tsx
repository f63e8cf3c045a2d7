import { useEmbeddedWalletState } from '../hooks/index.js';
import { SCREENS } from '../screens/screenTable.js';
import { lazyDialog } from './lazyDialog.js';

/**
 * EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN as a native modal <dialog>, open while a send waits for the user (its
 * screen loads then). With noPromptOnSignature the flow runs without a screen.
 */
export const SendTransactionDialog = lazyDialog(
  // The screen is handed to the body from here: a lazy body importing the screen table gave the table and the
  // landing an initial chunk of their own instead of the page's first one (WalletFlowDialog does the same).
  () =>
    import('./SendTransactionDialogBody.js').then(({ SendTransactionDialogBody: Body }) => () => (
      <Body Screen={SCREENS.EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN} />
    )),
  () => !!useEmbeddedWalletState().sendTransaction?.prompt,
);
