import type { ReactNode } from 'react';
import { useWalletFlowStrings } from '../../hooks/useWalletFlowStrings.js';
import { WalletFlowFrame } from './WalletFlowFrame.js';

/**
 * EMBEDDED_WALLET_CONNECTING_SCREEN's view: 'Connecting to your wallet' with a spinner while this device's wallet
 * is unlocked, or its failure ('Something went wrong' / "We're on it. Please try again later."). The wallet flows
 * and the key export (SPEC §4: connecting, then the export) show it.
 */
export function WalletConnectingView(props: { titleId: string; failed?: boolean; onClose?: () => void }): ReactNode {
  const text = useWalletFlowStrings();
  if (props.failed) {
    return (
      <WalletFlowFrame
        titleId={props.titleId}
        title={text.connectingFailedTitle}
        onClose={props.onClose}
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
    <WalletFlowFrame titleId={props.titleId} title={text.connectingTitle} onClose={props.onClose}>
      <div className="latch-spinner" role="progressbar" aria-label={text.connectingTitle} />
    </WalletFlowFrame>
  );
}
