import type { TokenResponse, WirePasskeyRequestOptions } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { type ActionContext, type LoginResult, sendOpen, signIn } from '../actions/context.js';
import { runPasskeyAuthentication } from './passkeyCeremony.js';

/**
 * Logs in with a passkey (SPEC §3 "Passkey login"): discoverable options from the server, the browser's system
 * dialogue, then the assertion; a fresh login like an email code (session, device grant for the wallet frame).
 */
export async function loginWithPasskey(ctx: ActionContext, signal?: AbortSignal): Promise<LoginResult> {
  const { options } = await sendOpen<{ options: WirePasskeyRequestOptions }>(ctx, PASSKEY_API.authenticateInit, {});
  const credential = await runPasskeyAuthentication(options, signal);
  return signIn(ctx, await sendOpen<TokenResponse>(ctx, PASSKEY_API.authenticate, { credential }));
}
