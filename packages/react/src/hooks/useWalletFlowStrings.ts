import type { Strings } from '../strings/en.js';
import { type FlowMessageStrings, flowMessageStrings } from '../strings/flowMessageStrings.js';
import { type WalletFlowStrings, walletFlowStrings } from '../strings/walletFlowStrings.js';
import { useStrings } from './index.js';

/**
 * The wallet-flow texts (password, recovery) and the flows' message texts, with the host's overrides.
 * They load with the wallet-flow screens, not with the page.
 */
export function useWalletFlowStrings(): Strings & WalletFlowStrings & FlowMessageStrings {
  return { ...walletFlowStrings, ...flowMessageStrings, ...useStrings() };
}
