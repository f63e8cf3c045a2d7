import type { MfaEnrollmentEvent } from '@latch/core';
import { type ReactNode, useCallback } from 'react';
import { useEmbeddedWalletRuntime, useEmbeddedWalletState } from '../hooks/index.js';
import { MfaEnrollmentFlowScreen } from '../screens/mfa/MfaEnrollmentFlowScreen.js';
import { useModalDialog } from './useModalDialog.js';

/** The MFA enrolment in a native modal <dialog>; Escape closes it like 'Not now'. */
export function MfaEnrollmentDialog(): ReactNode {
  const runtime = useEmbeddedWalletRuntime();
  const enrollment = useEmbeddedWalletState().mfa?.enrollment ?? null;
  // The MFA runtime is loaded: its state is what opened this dialog.
  const dispatch = useCallback(
    (event: MfaEnrollmentEvent) => void runtime.loadMfa().then((mfa) => mfa.enrollmentAction(event)),
    [runtime],
  );
  const { ref, titleId, root } = useModalDialog(() => dispatch({ type: 'close' }), { focusInput: true });
  if (!enrollment) return null;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId} data-latch-mfa-enrollment="">
      <MfaEnrollmentFlowScreen titleId={titleId} state={enrollment} dispatch={dispatch} />
    </dialog>
  );
}
