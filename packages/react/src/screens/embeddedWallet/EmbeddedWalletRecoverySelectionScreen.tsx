import { openOAuthPopup } from '@latch/core/oauth';
import type { UserOwnedRecoveryOption } from '@latch/protocol';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { SocialMark } from '../../components/SocialMark.js';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import { useWalletFlowStrings } from '../../hooks/useWalletFlowStrings.js';
import type { WalletFlowStrings } from '../../strings/walletFlowStrings.js';
import type { ScreenProps } from '../ScreenProps.js';
import { cloudProvider } from './cloudProvider.js';
import { WalletFlowFrame } from './WalletFlowFrame.js';

const LABEL: Record<UserOwnedRecoveryOption, keyof WalletFlowStrings> = {
  'google-drive': 'googleDrive',
  icloud: 'icloud',
  'user-passcode': 'setAPassword',
};

/**
 * EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN: 'Secure your account' with the app's backup options (SPEC §2): back up to
 * Google Drive, back up to Apple iCloud (only when the app enables them) and set a password. A cloud option opens the
 * provider's window in the click itself (a window opened later is blocked), then EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN.
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
            onClick={() => {
              if (option.method !== 'user-passcode') openOAuthPopup();
              dispatch({ type: 'chooseOption', method: option.method });
            }}
          >
            <span>{text[LABEL[option.method]]}</span>
            {option.method === 'user-passcode' ? null : <SocialMark method={cloudProvider(option.method, text).mark} />}
          </Button>
        ))}
      </div>
      <Button variant="link" style={{ alignSelf: 'center' }} onClick={() => dispatch({ type: 'showBackupIntro' })}>
        {text.backupWhy}
      </Button>
    </WalletFlowFrame>
  );
}
