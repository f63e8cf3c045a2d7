import { useStrings } from '../hooks.js';
import { type EmbeddedWalletStrings, embeddedWalletStrings } from '../strings/embeddedWalletStrings.js';
import type { Strings } from '../strings/en.js';
import { type ExportWalletStrings, exportWalletStrings } from '../strings/exportWalletStrings.js';
import { type FlowMessageStrings, flowMessageStrings } from '../strings/flowMessageStrings.js';
import { type WalletFlowStrings, walletFlowStrings } from '../strings/walletFlowStrings.js';

// The embedded wallet's texts load with its screens, not with the page; the host's overrides (the
// `strings` prop of LatchProvider) apply to them like to any other text.

/** The wallet-flow texts (password, recovery) with the host's overrides. */
export function useWalletFlowStrings(): Strings & WalletFlowStrings & FlowMessageStrings {
  return { ...walletFlowStrings, ...flowMessageStrings, ...useStrings() };
}

/** The sign request's and the created screen's texts with the host's overrides. */
export function useEmbeddedWalletStrings(): Strings & EmbeddedWalletStrings & FlowMessageStrings {
  return { ...embeddedWalletStrings, ...flowMessageStrings, ...useStrings() };
}

/** The key export's texts with the host's overrides. */
export function useExportWalletStrings(): Strings & ExportWalletStrings & FlowMessageStrings {
  return { ...exportWalletStrings, ...flowMessageStrings, ...useStrings() };
}
