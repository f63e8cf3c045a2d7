import type { CloudFailure } from '@latch/core';
import { openOAuthPopup } from '@latch/core/oauth';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { SocialMark } from '../../components/SocialMark.js';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import { useWalletFlowStrings } from '../../hooks/useWalletFlowStrings.js';
import { format } from '../../strings/en.js';
import type { WalletFlowStrings } from '../../strings/walletFlowStrings.js';
import type { ScreenProps } from '../ScreenProps.js';
import { cloudProvider } from './cloudProvider.js';
import { WalletFlowFrame } from './WalletFlowFrame.js';

const FAILURE_TEXT: Record<CloudFailure, keyof WalletFlowStrings> = {
  cloud_backup_not_found: 'cloudNotFound',
  cloud_account_mismatch: 'cloudAccountMismatch',
  oauth_user_denied: 'cloudDenied',
  too_many_requests: 'cloudRateLimited',
  popup_blocked: 'cloudPopupBlocked',
  failed: 'cloudOtherFailure',
};

/**
 * EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN: 'Confirm it's really you' and 'Confirm with {provider}' to recover a
 * cloud-backed wallet on this device; on failure '{Recovery or Back up} with {provider} unsuccessful', the reason,
 * the hint to select the account tied to the backup, and 'Try again' (SPEC §2, §8). A backup chosen on the selection
 * screen waits here for the provider, with back to the selection.
 */
export function EmbeddedWalletRecoveryOAuthScreen({ titleId, onClose }: ScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const { state, dispatch } = useWalletFlow();
  const step = state.cloud;
  if (!step) return null;
  const provider = cloudProvider(step.method, text);
  const fill = (message: string) => format(message, { provider: provider.name });
  const recovering = step.purpose === 'recover';
  const title = step.error
    ? fill(recovering ? text.cloudRecoverFailed : text.cloudBackupFailed)
    : recovering
      ? text.cloudRecoverTitle
      : text[step.method === 'google-drive' ? 'googleDrive' : 'icloud'];
  // The click opens the provider's window itself: a window opened later, after a frame round trip, is blocked.
  const confirm = () => {
    openOAuthPopup();
    dispatch({ type: 'confirmCloud' });
  };
  return (
    <WalletFlowFrame
      titleId={titleId}
      title={title}
      onBack={!recovering && !step.busy ? () => dispatch({ type: 'back' }) : undefined}
      onClose={onClose}
      top={
        step.error ? (
          <div className="latch-badge" data-tone="error" aria-hidden="true">
            !
          </div>
        ) : (
          <SocialMark method={provider.mark} size={40} />
        )
      }
    >
      {step.error ? (
        <div role="alert" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <p className="latch-status" data-tone="error" data-latch-cloud-failure={step.error}>
            {fill(text[FAILURE_TEXT[step.error]])}
          </p>
          {recovering && step.error !== 'popup_blocked' ? (
            <p className="latch-text">{fill(text.cloudAccountHint)}</p>
          ) : null}
        </div>
      ) : (
        <p className="latch-text">{fill(recovering ? text.cloudRecoverDescription : text.cloudBackupDescription)}</p>
      )}
      <Button variant="primary" disabled={step.busy} aria-busy={step.busy} onClick={confirm}>
        {step.busy ? (
          <span className="latch-spinner" style={{ width: 20, height: 20, margin: 0, borderWidth: 3 }} />
        ) : null}
        {step.busy ? fill(text.cloudWaiting) : step.error ? text.tryAgain : fill(text.cloudConfirm)}
      </Button>
    </WalletFlowFrame>
  );
}
