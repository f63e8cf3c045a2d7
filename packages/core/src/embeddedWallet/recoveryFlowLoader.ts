/** The wallet password and recovery flows (state machines, rules, runner), loaded on first use. */
export type RecoveryFlowModule = typeof import('./recoveryFlowModule.js');

/** Loads the wallet flow module; kept out of the initial JavaScript (DESIGN §1 bundle budget). */
export function loadRecoveryFlow(): Promise<RecoveryFlowModule> {
  return import('./recoveryFlowModule.js');
}
