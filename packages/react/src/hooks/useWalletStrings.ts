import { type WalletStrings, walletStrings } from '../strings/walletStrings.js';
import { useStrings } from './index.js';

/** The widget's texts and the wallet texts, with the host's overrides of either. */
export function useWalletStrings() {
  const strings = useStrings();
  return { ...walletStrings, ...strings } as typeof strings & WalletStrings;
}
