import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import { useWalletFlowStrings } from '../../hooks/useWalletFlowStrings.js';
import type { ScreenProps } from '../ScreenProps.js';
import { WalletFlowFrame } from './WalletFlowFrame.js';

/** The backup-method intro: 'Why do I need to secure my account?' and 'Select backup method' (SPEC §2). */
export function EmbeddedWalletBackupIntroScreen({ titleId, onClose }: ScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const { dispatch } = useWalletFlow();
  return (
    <WalletFlowFrame
      titleId={titleId}
      title={text.introTitle}
      onBack={() => dispatch({ type: 'back' })}
      onClose={onClose}
    >
      <p className="latch-text">{text.introBody}</p>
      <Button variant="primary" onClick={() => dispatch({ type: 'selectBackupMethod' })}>
        {text.introButton}
      </Button>
    </WalletFlowFrame>
  );
}
