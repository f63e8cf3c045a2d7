import type { WalletFlowScreen, WalletFlowSession } from '@latch/core';
import { type ComponentType, type ReactNode, useSyncExternalStore } from 'react';
import { useEmbeddedWalletRuntime } from '../embeddedWallet/EmbeddedWalletContext.js';
import { EmbeddedWalletBackupIntroScreen } from '../screens/embeddedWallet/EmbeddedWalletBackupIntroScreen.js';
import { EmbeddedWalletConnectingScreen } from '../screens/embeddedWallet/EmbeddedWalletConnectingScreen.js';
import { EmbeddedWalletPasswordCreateScreen } from '../screens/embeddedWallet/EmbeddedWalletPasswordCreateScreen.js';
import { EmbeddedWalletPasswordRecoveryScreen } from '../screens/embeddedWallet/EmbeddedWalletPasswordRecoveryScreen.js';
import { EmbeddedWalletPasswordUpdateScreen } from '../screens/embeddedWallet/EmbeddedWalletPasswordUpdateScreen.js';
import { EmbeddedWalletPasswordUpdateSplashScreen } from '../screens/embeddedWallet/EmbeddedWalletPasswordUpdateSplashScreen.js';
import { EmbeddedWalletRecoverySelectionScreen } from '../screens/embeddedWallet/EmbeddedWalletRecoverySelectionScreen.js';
import type { WalletFlowScreenProps } from '../screens/embeddedWallet/walletFlowProps.js';
import { useModalDialog } from './useModalDialog.js';

// This whole module (and the screens) loads only when a wallet flow first shows a screen.
const SCREENS: Record<WalletFlowScreen, ComponentType<WalletFlowScreenProps>> = {
  EMBEDDED_WALLET_CONNECTING_SCREEN: EmbeddedWalletConnectingScreen,
  EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN: EmbeddedWalletPasswordRecoveryScreen,
  EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN: EmbeddedWalletRecoverySelectionScreen,
  EMBEDDED_WALLET_BACKUP_INTRO_SCREEN: EmbeddedWalletBackupIntroScreen,
  EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN: EmbeddedWalletPasswordUpdateSplashScreen,
  EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN: EmbeddedWalletPasswordUpdateScreen,
  EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN: EmbeddedWalletPasswordCreateScreen,
};

/** The wallet flow's native modal <dialog>; Escape and the close button close it only when the flow allows. */
export function WalletFlowDialogBody(): ReactNode {
  const session = useEmbeddedWalletRuntime().walletFlows.session();
  return session ? <OpenWalletFlow session={session} /> : null;
}

function OpenWalletFlow({ session }: { session: WalletFlowSession }): ReactNode {
  const { runner, module } = session;
  const state = useSyncExternalStore(runner.subscribe, runner.getState, runner.getState);
  // Escape closes only a closable flow (SPEC §4: automatic flows are not closable); a screen that
  // takes a password starts in its field.
  const { ref, titleId, root } = useModalDialog(() => runner.dispatch({ type: 'close' }), { focusInput: true });

  if (!state.screen) return null;
  const Screen = SCREENS[state.screen];
  const onClose = module.isClosable(state) ? () => runner.dispatch({ type: 'close' }) : undefined;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId} data-latch-wallet-flow="">
      <Screen titleId={titleId} state={state} flow={module} dispatch={runner.dispatch} onClose={onClose} />
    </dialog>
  );
}
