import type { HostErrorEvent } from '@latch/protocol';
import type { WalletErrorView } from './walletErrors.js';

/**
 * SPEC §8's host event for a failed wallet connection: a link that failed is failed_to_link_account; an error
 * the wallet or the server named (a provider code, a catalogue code, a timeout, a rejection) is
 * generic_connect_wallet_error; anything else thrown is unknown_connect_wallet_error.
 */
export function walletHostError(intent: 'login' | 'link' | 'connect-only', error: WalletErrorView): HostErrorEvent {
  if (intent === 'link' && error.kind !== 'user_rejected' && error.kind !== 'timed_out')
    return 'failed_to_link_account';
  return error.kind === 'generic' && error.code === null
    ? 'unknown_connect_wallet_error'
    : 'generic_connect_wallet_error';
}
