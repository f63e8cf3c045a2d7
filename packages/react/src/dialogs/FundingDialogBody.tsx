import type { ReactNode } from 'react';
import { useEmbeddedWalletRuntime, useEmbeddedWalletState } from '../hooks/index.js';
import { FiatOnRampPromptScreen } from '../screens/onRamp/FiatOnRampPromptScreen.js';
import { FiatOnRampStatusScreen } from '../screens/onRamp/FiatOnRampStatusScreen.js';
import { useModalDialog } from './useModalDialog.js';

/** The on-ramp's screens in a native modal <dialog>, over the send screen when 'Add Funds' opened them. */
export function FundingDialogBody(): ReactNode {
  const { funding } = useEmbeddedWalletRuntime();
  const state = useEmbeddedWalletState().funding;
  const { ref, titleId, root } = useModalDialog(() => funding.dispatch({ type: 'close' }));
  if (!state) return null;
  const Screen = state.step === 'status' ? FiatOnRampStatusScreen : FiatOnRampPromptScreen;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId} data-latch-on-ramp="">
      <Screen titleId={titleId} state={state} dispatch={funding.dispatch} />
    </dialog>
  );
}
