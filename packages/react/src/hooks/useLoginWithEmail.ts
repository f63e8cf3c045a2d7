import { type CodeLoginOptions, createCodeLogin, type HeadlessState, type LoginResult } from '@latch/core';
import { type HeadlessLoginCallbacks, useHeadlessLogin } from './useHeadlessLogin.js';

/** The steps of a code login, as `state.status` shows them. */
export type CodeLoginStatus = HeadlessState<'sending-code' | 'awaiting-code-input' | 'submitting-code'>;

/** Email code login for a host that draws its own UI: send a code, then log in with it. */
export function useLoginWithEmail(callbacks: HeadlessLoginCallbacks = {}): {
  state: CodeLoginStatus;
  sendCode(args: { email: string }): Promise<void>;
  loginWithCode(args: { code: string } & CodeLoginOptions): Promise<LoginResult>;
} {
  const { login, state, report } = useHeadlessLogin((deps) => createCodeLogin(deps, 'email'), callbacks);
  return {
    state,
    sendCode: ({ email }) => report(login.sendCode(email)),
    loginWithCode: ({ code, ...options }) => report(login.loginWithCode(code, options), true),
  };
}
