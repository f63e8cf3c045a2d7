import type { CloudMethod } from '@latch/core';
import type { WalletFlowStrings } from '../../strings/walletFlowStrings.js';

/** The provider a cloud backup method is confirmed with ('Confirm with {provider}'), and its mark. */
export function cloudProvider(
  method: CloudMethod,
  text: WalletFlowStrings,
): { name: string; mark: 'google' | 'apple' } {
  return method === 'google-drive'
    ? { name: text.providerGoogle, mark: 'google' }
    : { name: text.providerApple, mark: 'apple' };
}
