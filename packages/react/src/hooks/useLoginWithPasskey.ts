import { createPasskeyLogin, type HeadlessState, type LoginResult } from '@latch/core';
import { type HeadlessLoginCallbacks, useHeadlessLogin } from './useHeadlessLogin.js';

/** Passkey login for a host that draws its own UI: the browser's passkey dialogue (the code loads on first use). */
export function useLoginWithPasskey(callbacks: HeadlessLoginCallbacks = {}): {
  state: HeadlessState<'loading'>;
  loginWithPasskey(): Promise<LoginResult>;
} {
  const { login, state, report } = useHeadlessLogin(createPasskeyLogin, callbacks);
  return { state, loginWithPasskey: () => report(login.start(), true) };
}
