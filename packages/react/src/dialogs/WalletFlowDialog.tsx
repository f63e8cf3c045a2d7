import { SCREEN } from '@latch/core';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { useEmbeddedWalletRuntime, useFlowState } from '../hooks/index.js';
import { preloadWalletFlowScreens } from '../screens/screenTable.js';

// The dialog and its screens load together: it opens once its screen can render (focus starts in its field).
const WalletFlowDialogBody = lazy(() =>
  Promise.all([import('./WalletFlowDialogBody.js'), preloadWalletFlowScreens()]).then(([m]) => ({
    default: m.WalletFlowDialogBody,
  })),
);

/**
 * Mounts the wallet password/recovery dialog while a flow shows a screen; its code loads only then.
 * A flow that starts while the login modal is still open (a recovery found right at login) waits for
 * it to close; only the creation screen path shows over the login modal's wallet-creation screen.
 */
export function WalletFlowDialog(): ReactNode {
  const { walletFlows } = useEmbeddedWalletRuntime();
  const open = useSyncExternalStore(walletFlows.subscribe, walletFlows.isOpen, () => false);
  const login = useFlowState();
  const loginOpen = login.phase !== 'closed' && login.screen !== SCREEN.embeddedWalletOnCreate;
  if (!open || loginOpen) return null;
  return (
    <Suspense fallback={null}>
      <WalletFlowDialogBody />
    </Suspense>
  );
}
