import type { ReactNode } from 'react';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import { useWalletFlowStrings } from '../../hooks/useWalletFlowStrings.js';
import type { ScreenProps } from '../ScreenProps.js';
import { WalletFlowFrame } from './WalletFlowFrame.js';

/** EMBEDDED_WALLET_CONNECTING_SCREEN: shown while the wallet is unlocked on this device before the next screen. */
export function EmbeddedWalletConnectingScreen({ titleId, onClose }: ScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const { state } = useWalletFlow();
  if (state.connectError) {
    return (
      <WalletFlowFrame
        titleId={titleId}
        title={text.connectingFailedTitle}
        onClose={onClose}
        top={
          <div className="latch-badge" data-tone="error" aria-hidden="true">
            !
          </div>
        }
      >
        <p className="latch-status" data-tone="error" role="alert">
          {text.connectingFailedDetail}
        </p>
      </WalletFlowFrame>
    );
  }
  return (
    <WalletFlowFrame titleId={titleId} title={text.connectingTitle} onClose={onClose}>
      <div className="latch-spinner" role="progressbar" aria-label={text.connectingTitle} />
    </WalletFlowFrame>
  );
}
