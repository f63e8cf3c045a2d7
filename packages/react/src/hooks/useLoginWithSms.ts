import { type CodeLoginOptions, createCodeLogin, type LoginResult } from '@latch/core';
import { type HeadlessLoginCallbacks, useHeadlessLogin } from './useHeadlessLogin.js';
import type { CodeLoginStatus } from './useLoginWithEmail.js';

/** SMS code login for a host that draws its own UI: send a code to an E.164 number, then log in with it. */
export function useLoginWithSms(callbacks: HeadlessLoginCallbacks = {}): {
  state: CodeLoginStatus;
  sendCode(args: { phoneNumber: string }): Promise<void>;
  loginWithCode(args: { code: string } & CodeLoginOptions): Promise<LoginResult>;
} {
  const { login, state, report } = useHeadlessLogin((deps) => createCodeLogin(deps, 'sms'), callbacks);
  return {
    state,
    sendCode: ({ phoneNumber }) => report(login.sendCode(phoneNumber)),
    loginWithCode: ({ code, ...options }) => report(login.loginWithCode(code, options), true),
  };
}
