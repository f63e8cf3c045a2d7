import { lazy, type ReactNode, Suspense } from 'react';
import { useKeyExportState } from '../hooks/index.js';

// The export dialog, its screen and the frame messaging load only when an export opens.
const ExportWalletDialogBody = lazy(() =>
  import('./ExportWalletDialogBody.js').then((m) => ({ default: m.ExportWalletDialogBody })),
);

/** Where `exportWallet()` opens EMBEDDED_WALLET_KEY_EXPORT_SCREEN (nothing while no export is open). */
export function ExportWalletDialog(): ReactNode {
  if (!useKeyExportState()) return null;
  return (
    <Suspense fallback={null}>
      <ExportWalletDialogBody />
    </Suspense>
  );
}
