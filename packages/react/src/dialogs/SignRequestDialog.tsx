import { useEmbeddedWalletState } from '../hooks/index.js';
import { lazyDialog } from './lazyDialog.js';

/** The sign request as a native modal <dialog>, open while a signature waits for the user (its screen loads then). */
export const SignRequestDialog = lazyDialog(
  () => import('./SignRequestDialogBody.js').then((m) => m.SignRequestDialogBody),
  () => !!useEmbeddedWalletState().signRequest,
);
