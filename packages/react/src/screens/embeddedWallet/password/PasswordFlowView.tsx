import type { PasswordStep } from '@latch/core';
import type { ComponentType, ReactNode } from 'react';
import { useWalletFlowStrings } from '../../../hooks/useWalletFlowStrings.js';
import type { WalletFlowStrings } from '../../../strings/walletFlowStrings.js';
import { WalletFlowFrame } from '../WalletFlowFrame.js';
import type { WalletFlowScreenProps } from '../walletFlowProps.js';
import { ConfirmStep, CreateStep, DoneStep, FinalizeStep, SaveStep } from './PasswordSteps.js';

const STEPS: Record<PasswordStep, ComponentType<WalletFlowScreenProps>> = {
  creating: CreateStep,
  saving: SaveStep,
  confirming: ConfirmStep,
  finalizing: FinalizeStep,
  done: DoneStep,
};

/** The title of each step (SPEC §2 "Wallet password flow"). */
function stepTitle(props: WalletFlowScreenProps, text: WalletFlowStrings): string {
  const p = props.state.password;
  switch (p.step) {
    case 'creating':
      return p.reset ? text.resetTitle : text.createTitle;
    case 'saving':
      return text.saveTitle;
    case 'confirming':
      return text.confirmTitle;
    case 'finalizing':
      return text.finalizeTitle;
    case 'done':
      return p.result?.ok ? text.successTitle : text.failedTitle;
  }
}

/** The password flow (creating → saving → confirming → finalizing → done) inside its frame. */
export function PasswordFlowView(props: WalletFlowScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const { state, flow, dispatch } = props;
  const Step = STEPS[state.password.step];
  const done = state.password.step === 'done' && state.password.result?.ok;
  return (
    <WalletFlowFrame
      titleId={props.titleId}
      title={stepTitle(props, text)}
      onBack={flow.canGoBack(state.password) ? () => dispatch({ type: 'back' }) : undefined}
      onClose={props.onClose}
      top={
        done ? (
          <div className="latch-badge" aria-hidden="true">
            ✓
          </div>
        ) : state.password.step === 'done' ? (
          <div className="latch-badge" data-tone="error" aria-hidden="true">
            !
          </div>
        ) : null
      }
    >
      <Step {...props} />
    </WalletFlowFrame>
  );
}
