import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import { useWalletFlowStrings } from '../../hooks/useWalletFlowStrings.js';
import { messageText } from '../../strings/messageText.js';
import type { ScreenProps } from '../ScreenProps.js';
import { PasswordField } from './password/PasswordField.js';
import { WalletFlowFrame } from './WalletFlowFrame.js';

/**
 * EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN: 'Enter your password' and 'Recover your account',
 * disabled until a password is entered (SPEC §5); a wrong one says 'Invalid recovery password, please try again.'
 */
export function EmbeddedWalletPasswordRecoveryScreen({ titleId, onClose }: ScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const { state, dispatch } = useWalletFlow();
  const { recovery } = state;
  return (
    <WalletFlowFrame titleId={titleId} title={text.recoveryTitle} onClose={onClose}>
      <form
        noValidate
        style={{ display: 'flex', flexDirection: 'column', gap: 10 }}
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: 'submitRecovery' });
        }}
      >
        <p className="latch-text">{text.recoveryDescription}</p>
        <PasswordField
          label={text.passwordLabel}
          value={recovery.password}
          revealed={recovery.revealed}
          error={recovery.error ? messageText(text, recovery.error) : null}
          autoComplete="current-password"
          autoFocus
          disabled={recovery.recovering}
          onChange={(password) => dispatch({ type: 'recoveryPasswordChanged', password })}
          onToggleReveal={() => dispatch({ type: 'toggleRecoveryReveal' })}
        />
        <Button
          type="submit"
          variant="primary"
          disabled={!recovery.password || recovery.recovering}
          aria-busy={recovery.recovering}
        >
          {recovery.recovering ? (
            <span className="latch-spinner" style={{ width: 20, height: 20, margin: 0, borderWidth: 3 }} />
          ) : null}
          {text.recoveryButton}
        </Button>
      </form>
    </WalletFlowFrame>
  );
}
