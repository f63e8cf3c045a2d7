import { useWalletImportState } from '../hooks/index.js';
import { lazyDialog } from './lazyDialog.js';

/** Where `importWallet()` opens the import screen (nothing while none is open); its body loads when one opens. */
export const ImportWalletDialog = lazyDialog(
  () => import('./ImportWalletDialogBody.js').then((m) => m.ImportWalletDialogBody),
  () => !!useWalletImportState(),
);
