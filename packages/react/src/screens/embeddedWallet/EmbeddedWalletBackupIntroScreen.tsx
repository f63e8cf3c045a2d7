import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { walletFlowStrings as text } from '../../strings/walletFlowStrings.js';
import { WalletFlowFrame } from './WalletFlowFrame.js';
import type { WalletFlowScreenProps } from './walletFlowProps.js';

/** The backup-method intro: 'Why do I need to secure my account?' and 'Select backup method' (SPEC §2). */
export function EmbeddedWalletBackupIntroScreen({ titleId, dispatch, onClose }: WalletFlowScreenProps): ReactNode {
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
