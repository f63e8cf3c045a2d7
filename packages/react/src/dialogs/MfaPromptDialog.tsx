import type { MfaPromptEvent } from '@latch/core';
import { type ReactNode, useCallback } from 'react';
import { useEmbeddedWalletRuntime, useEmbeddedWalletState } from '../hooks/index.js';
import { MfaPromptScreen } from '../screens/mfa/MfaPromptScreen.js';
import { useModalDialog } from './useModalDialog.js';

/** The MFA prompt in a native modal <dialog>; Escape is 'Not now' (the waiting action hears 'MFA canceled'). */
export function MfaPromptDialog(): ReactNode {
  const runtime = useEmbeddedWalletRuntime();
  const prompt = useEmbeddedWalletState().mfa?.prompt ?? null;
  // The MFA runtime is loaded: its state is what opened this dialog.
  const dispatch = useCallback(
    (event: MfaPromptEvent) => void runtime.loadMfa().then((mfa) => mfa.promptAction(event)),
    [runtime],
  );
  const { ref, titleId, root } = useModalDialog(() => dispatch({ type: 'cancel' }), { focusInput: true });
  if (!prompt) return null;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId} data-latch-mfa-prompt="">
      <MfaPromptScreen titleId={titleId} state={prompt} dispatch={dispatch} />
    </dialog>
  );
}
