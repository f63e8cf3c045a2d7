/** The wallet password and recovery flows (state machines, rules, runner), loaded on first use. */
export type WalletFlowModule = typeof import('./walletFlowModule.js');

/** Loads the wallet flow module; kept out of the initial JavaScript (DESIGN §1 bundle budget). */
export function loadWalletFlow(): Promise<WalletFlowModule> {
  return import('./walletFlowModule.js');
}
