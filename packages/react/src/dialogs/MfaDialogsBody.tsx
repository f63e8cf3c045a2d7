import { lazy, type ReactNode, Suspense } from 'react';
import { useEmbeddedWalletState } from '../hooks/index.js';
import { MfaEnrollmentDialog } from './MfaEnrollmentDialog.js';
import { MfaPromptDialog } from './MfaPromptDialog.js';

// The step-up screen and its texts are their own chunk: most step-ups come without any MFA.
const StepUpDialog = lazy(() => import('./StepUpDialog.js').then((m) => ({ default: m.StepUpDialog })));

/**
 * The open MFA dialogs and the step-up screen. Over an open enrolment only its own `manage_mfa` prompt shows (after it, so it opens
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
      {/* Last: a step-up opens over the dialog whose action asked for it. */}
      {mfa?.stepUp ? (
        <Suspense fallback={null}>
          <StepUpDialog />
        </Suspense>
      ) : null}
    </>
  );
}
