import { createOAuthLogin, type HeadlessState, type LoginResult } from '@latch/core';
import type { OAuthProvider } from '@latch/protocol';
import { type HeadlessLoginCallbacks, useHeadlessLogin } from './useHeadlessLogin.js';

/** OAuth login for a host that draws its own UI: call `initOAuth` in the user's click (it opens the popup). */
export function useLoginWithOAuth(callbacks: HeadlessLoginCallbacks = {}): {
  state: HeadlessState<'loading'>;
  initOAuth(args: { provider: OAuthProvider }): Promise<LoginResult>;
} {
  const { login, state, report } = useHeadlessLogin(createOAuthLogin, callbacks);
  return { state, initOAuth: ({ provider }) => report(login.start(provider), true) };
}
