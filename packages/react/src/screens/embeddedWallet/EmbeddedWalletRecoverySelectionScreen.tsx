import type { UserOwnedRecoveryOption } from '@latch/protocol';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import { useWalletFlowStrings } from '../../hooks/useWalletFlowStrings.js';
import type { WalletFlowStrings } from '../../strings/walletFlowStrings.js';
import type { ScreenProps } from '../ScreenProps.js';
import { WalletFlowFrame } from './WalletFlowFrame.js';

const LABEL: Record<UserOwnedRecoveryOption, keyof WalletFlowStrings> = {
  'google-drive': 'googleDrive',
  icloud: 'icloud',
  'user-passcode': 'setAPassword',
};

/**
 * EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN: 'Secure your account' with the app's backup options.
 * Only the options the wallet flow offers are listed: cloud backups (which need OAuth recovery) are not among them.
 */
export function EmbeddedWalletRecoverySelectionScreen({ titleId, onClose }: ScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const { state, dispatch } = useWalletFlow();
  return (
    <WalletFlowFrame titleId={titleId} title={text.selectionTitle} onClose={onClose}>
      <p className="latch-text">{text.selectionDescription}</p>
      <div className="latch-list">
        {state.options.map((option) => (
          <Button
            key={option.method}
            style={{ justifyContent: 'space-between', textAlign: 'left' }}
            onClick={() => dispatch({ type: 'chooseOption', method: option.method })}
          >
            <span>{text[LABEL[option.method]]}</span>
          </Button>
        ))}
      </div>
      <Button variant="link" style={{ alignSelf: 'center' }} onClick={() => dispatch({ type: 'showBackupIntro' })}>
        {text.backupWhy}
      </Button>
    </WalletFlowFrame>
  );
}
