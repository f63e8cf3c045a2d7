import type { TokenResponse, WirePasskeyCreationOptions } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { type ActionContext, type LoginResult, sendOpen, signIn } from '../actions/context.js';
import { runPasskeyRegistration } from './passkeyCeremony.js';

/** Creates a new user whose first login method is a new passkey (when the app has passkey_auth on); a fresh login. */
export async function signUpWithPasskey(ctx: ActionContext, signal?: AbortSignal): Promise<LoginResult> {
  const { options } = await sendOpen<{ options: WirePasskeyCreationOptions }>(ctx, PASSKEY_API.registerInit, {});
  const credential = await runPasskeyRegistration(options, signal);
  return signIn(ctx, await sendOpen<TokenResponse>(ctx, PASSKEY_API.register, { credential }));
}
