import type { Strings } from '../strings/en.js';
import { type ExportWalletStrings, exportWalletStrings } from '../strings/exportWalletStrings.js';
import { type FlowMessageStrings, flowMessageStrings } from '../strings/flowMessageStrings.js';
import { useStrings } from './index.js';

/** The key export's texts, with the host's overrides (loaded with the export dialog). */
export function useExportWalletStrings(): Strings & ExportWalletStrings & FlowMessageStrings {
  return { ...exportWalletStrings, ...flowMessageStrings, ...useStrings() };
}
