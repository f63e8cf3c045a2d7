import { SCREEN } from '@latch/core';
import { useSyncExternalStore } from 'react';
import { useEmbeddedWalletRuntime, useFlowState } from '../hooks/index.js';
import { preloadWalletFlowScreens, SCREENS } from '../screens/screenTable.js';
import { lazyDialog } from './lazyDialog.js';

/**
 * Mounts the wallet password/recovery dialog while a flow shows a screen; its code loads only then, with its
 * screens (it opens once its screen can render: focus starts in its field). A flow that starts while the login
 * modal is still open (a recovery found right at login) waits for it to close; only the creation screen path
 * shows over the login modal's wallet-creation screen.
 */
export const WalletFlowDialog = lazyDialog(
  // The screen table is handed to the body from here: a lazy body importing it gave the table and the landing an
  // initial chunk of their own instead of the page's first one.
  () =>
    Promise.all([import('./WalletFlowDialogBody.js'), preloadWalletFlowScreens()]).then(
      ([{ WalletFlowDialogBody: Body }]) =>
        () => <Body screens={SCREENS} />,
    ),
  () => {
    const { walletFlows } = useEmbeddedWalletRuntime();
    const open = useSyncExternalStore(walletFlows.subscribe, walletFlows.isOpen, () => false);
    const login = useFlowState();
    return open && (login.phase === 'closed' || login.screen === SCREEN.embeddedWalletOnCreate);
  },
);
