import { useKeyExportState } from '../hooks/index.js';
import { lazyDialog } from './lazyDialog.js';

/**
 * Where `exportWallet()` opens EMBEDDED_WALLET_KEY_EXPORT_SCREEN (nothing while no export is open); the dialog,
 * its screen and the frame messaging load only when an export opens.
 */
export const ExportWalletDialog = lazyDialog(
  () => import('./ExportWalletDialogBody.js').then((m) => m.ExportWalletDialogBody),
  () => !!useKeyExportState(),
);
