import { type EmbeddedWalletStrings, embeddedWalletStrings } from '../strings/embeddedWalletStrings.js';
import type { Strings } from '../strings/en.js';
import { type FlowMessageStrings, flowMessageStrings } from '../strings/flowMessageStrings.js';
import { useStrings } from './index.js';

/** The sign request's and the created screen's texts, with the host's overrides (loaded with those screens). */
export function useEmbeddedWalletStrings(): Strings & EmbeddedWalletStrings & FlowMessageStrings {
  return { ...embeddedWalletStrings, ...flowMessageStrings, ...useStrings() };
}
