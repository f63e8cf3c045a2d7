import type { ReactNode } from 'react';
import { useEmbeddedWalletState } from '../hooks/index.js';
import { MfaEnrollmentDialog } from './MfaEnrollmentDialog.js';
import { MfaPromptDialog } from './MfaPromptDialog.js';

/**
 * The open MFA dialogs. Over an open enrolment only its own `manage_mfa` prompt shows (after it, so it opens
 * on top); a wallet action's prompt (an app that requires MFA sent the user to enrol first) waits until the
 * user has seen '… verification added' and closed the enrolment.
 */
export function MfaDialogsBody(): ReactNode {
  const mfa = useEmbeddedWalletState().mfa;
  const prompt = mfa?.prompt && (!mfa.enrollment || mfa.prompt.action === 'manage_mfa');
  return (
    <>
      {mfa?.enrollment ? <MfaEnrollmentDialog /> : null}
      {prompt ? <MfaPromptDialog /> : null}
    </>
  );
}
