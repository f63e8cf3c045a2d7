import { createSiweLogin, type HeadlessState, type LoginResult, type SiweSignature } from '@latch/core';
import { type HeadlessLoginCallbacks, useHeadlessLogin } from './useHeadlessLogin.js';

/**
 * Sign-In with Ethereum for a host that draws its own UI: `generateSiweMessage` (the server's nonce, this page's
 * domain), the host's wallet signs it, then `loginWithSiwe` with the signature.
 */
export function useLoginWithSiwe(callbacks: HeadlessLoginCallbacks = {}): {
  state: HeadlessState<'generating-message' | 'awaiting-signature' | 'submitting-signature'>;
  generateSiweMessage(args: { address: string; chainId: number }): Promise<string>;
  loginWithSiwe(args: SiweSignature): Promise<LoginResult>;
} {
  const { login, state, report } = useHeadlessLogin(createSiweLogin, callbacks);
  return {
    state,
    generateSiweMessage: (account) => report(login.generateMessage(account)),
    loginWithSiwe: (signed) => report(login.login(signed), true),
  };
}
