import type { StepUpEvent } from '@latch/core';
import { type ReactNode, useCallback } from 'react';
import { useEmbeddedWalletRuntime, useEmbeddedWalletState } from '../hooks/index.js';
import { StepUpScreen } from '../screens/stepUp/StepUpScreen.js';
import { useModalDialog } from './useModalDialog.js';

/**
 * The step-up screen in a native modal <dialog>, over whatever dialog asked for it (it opens last, so on
 * top); Escape is Cancel (the waiting action fails as it would have without a step-up).
 */
export function StepUpDialog(): ReactNode {
  const runtime = useEmbeddedWalletRuntime();
  const state = useEmbeddedWalletState().mfa?.stepUp ?? null;
  // The runtime is loaded: its state is what opened this dialog.
  const dispatch = useCallback(
    (event: StepUpEvent) => void runtime.loadMfa().then((mfa) => mfa.stepUp.dispatch(event)),
    [runtime],
  );
  const { ref, titleId, root } = useModalDialog(() => dispatch({ type: 'cancel' }));
  if (!state) return null;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId} data-latch-step-up="">
      <StepUpScreen titleId={titleId} state={state} dispatch={dispatch} />
    </dialog>
  );
}
