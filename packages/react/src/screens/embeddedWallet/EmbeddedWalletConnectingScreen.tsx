import type { ReactNode } from 'react';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import type { ScreenProps } from '../ScreenProps.js';
import { WalletConnectingView } from './WalletConnectingView.js';

/** EMBEDDED_WALLET_CONNECTING_SCREEN: shown while the wallet is unlocked on this device before the next screen. */
export function EmbeddedWalletConnectingScreen({ titleId, onClose }: ScreenProps): ReactNode {
  const { state } = useWalletFlow();
  return <WalletConnectingView titleId={titleId} failed={Boolean(state.connectError)} onClose={onClose} />;
}
