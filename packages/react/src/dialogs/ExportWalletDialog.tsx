import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { useEmbeddedWalletRuntime } from '../embeddedWallet/EmbeddedWalletContext.js';

// The export dialog, its screen and the frame messaging load only when an export opens.
const ExportWalletDialogBody = lazy(() =>
  import('./ExportWalletDialogBody.js').then((m) => ({ default: m.ExportWalletDialogBody })),
);

/** Where `exportWallet()` opens EMBEDDED_WALLET_KEY_EXPORT_SCREEN (nothing while no export is open). */
export function ExportWalletDialog(): ReactNode {
  const { exporter } = useEmbeddedWalletRuntime();
  const state = useSyncExternalStore(exporter.subscribe, exporter.getState, exporter.getState);
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <ExportWalletDialogBody />
    </Suspense>
  );
}
