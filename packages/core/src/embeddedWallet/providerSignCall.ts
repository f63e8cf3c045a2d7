// Loaded with the provider's first signature request (personal_sign, eth_signTypedData_v4), like the
// sign request screen: the checks and the message decoding stay out of the host page's initial JavaScript.
import { LatchError, type User } from '@latch/protocol';
import { shownMessage } from '@latch/protocol/frame';
import { WalletProviderError } from '../externalWallets/eip1193.js';
import type { EmbeddedWalletController } from './embeddedWalletController.js';
import type { SignUiOptions } from './signRequestFlow.js';
import { USER_REJECTED_TEXT } from './signRequestRunner.js';

/** What the provider lends a signature request. */
export interface SignCallContext {
  /** The user and embedded wallet the request was made for (read when it was made, before this module loaded). */
  requester: { user: User; wallet: { address: string } };
  /** The signed-in user now. */
  getUser(): User | null;
  controller: Pick<EmbeddedWalletController, 'signMessage' | 'signTypedData'>;
  /** Wraps the signature (the sign request screen, unless noPromptOnSignature). */
  sign<T>(
    kind: 'message' | 'typedData',
    payload: unknown,
    run: () => Promise<T>,
    uiOptions?: SignUiOptions,
  ): Promise<T>;
  /** The host's texts for this call's screen (signMessage / signTypedData options; EIP-1193 requests have none). */
  uiOptions?: SignUiOptions;
}

/**
 * personal_sign and eth_signTypedData_v4, checked before any prompt (SPEC §5): the embedded wallet's own
 * account only (else EIP-1193 4100), a message that is a non-empty string (else invalid_message); a
 * request whose user logged out (or changed) while this module loaded is refused as a logout refuses a
 * waiting one (4001).
 */
export function providerSignCall(
  method: 'personal_sign' | 'eth_signTypedData_v4',
  params: readonly unknown[],
  context: SignCallContext,
): Promise<unknown> {
  const { user, wallet } = context.requester;
  if (context.getUser()?.id !== user.id) throw new WalletProviderError(4001, USER_REJECTED_TEXT);
  const [first, second] = params;
  // The account is the second parameter of personal_sign and the first of eth_signTypedData_v4.
  const account = method === 'personal_sign' ? second : first;
  if (typeof account === 'string' && account.toLowerCase() !== wallet.address.toLowerCase()) {
    throw new WalletProviderError(4100, 'The requested account is not the embedded wallet.');
  }
  if (method === 'eth_signTypedData_v4') {
    return context.sign(
      'typedData',
      second,
      () => context.controller.signTypedData(user, second as string | Record<string, unknown>),
      context.uiOptions,
    );
  }
  if (typeof first !== 'string' || first.length === 0) throw new LatchError('invalid_message');
  return context.sign(
    'message',
    shownMessage(first),
    () => context.controller.signMessage(user, first),
    context.uiOptions,
  );
}
