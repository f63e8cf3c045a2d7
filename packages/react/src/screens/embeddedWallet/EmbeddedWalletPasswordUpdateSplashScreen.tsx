import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import { useWalletFlowStrings } from '../../hooks/useWalletFlowStrings.js';
import type { ScreenProps } from '../ScreenProps.js';
import { WalletFlowFrame } from './WalletFlowFrame.js';

/** EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN: 'Secure Your Account', 'Add password'. */
export function EmbeddedWalletPasswordUpdateSplashScreen({ titleId, onClose }: ScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const { dispatch } = useWalletFlow();
  return (
    <WalletFlowFrame
      titleId={titleId}
      title={text.splashTitle}
      onClose={onClose}
      top={
        <div className="latch-badge" aria-hidden="true">
          <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <title>{text.splashTitle}</title>
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </div>
      }
    >
      <p className="latch-text">{text.splashDescription}</p>
      <Button variant="primary" onClick={() => dispatch({ type: 'addPassword' })}>
        {text.splashButton}
      </Button>
    </WalletFlowFrame>
  );
}
