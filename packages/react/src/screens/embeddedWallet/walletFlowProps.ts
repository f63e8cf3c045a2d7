import type { RecoveryFlowEvent, RecoveryFlowModule, RecoveryFlowState } from '@latch/core';

/** What every wallet-flow screen renders from: the state, the rules module, and how to send events. */
export interface WalletFlowScreenProps {
  titleId: string;
  state: RecoveryFlowState;
  flow: RecoveryFlowModule;
  dispatch(event: RecoveryFlowEvent): void;
  /** Set when the flow may be closed now (SPEC §4: user-initiated, or a failure). */
  onClose?: () => void;
}
