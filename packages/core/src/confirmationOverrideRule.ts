import type { HostConfig } from './hostConfig.js';

/**
 * SPEC §5: overriding transaction-confirmation waiting needs the wallet UIs off. `waitForTransactionConfirmation:
 * false` with the send screen on would show its receipt for a transaction the caller was already told is done.
 */
export function confirmationOverrideRule(options: Pick<HostConfig, 'embeddedWallets'>): void {
  const wallets = options.embeddedWallets;
  if (wallets?.waitForTransactionConfirmation === false && wallets.noPromptOnSignature !== true) {
    throw new Error(
      'Latch: embeddedWallets.waitForTransactionConfirmation: false needs the wallet UIs off (embeddedWallets.noPromptOnSignature: true).',
    );
  }
}
