import type { User } from '@latch/protocol';
import type { ActionContext, LoginResult } from '../actions/context.js';
import { linkPasskey } from './linkPasskey.js';
import { loginWithPasskey } from './loginWithPasskey.js';
import { signUpWithPasskey } from './signUpWithPasskey.js';
import { unlinkPasskey } from './unlinkPasskey.js';

/**
 * Passkey actions (SPEC §7 "Passkeys"). The client loads this module on first use, out of the initial JavaScript.
 * A ceremony's `signal`, once aborted, keeps its system dialogue from starting (the modal aborts a replaced attempt).
 */
export interface PasskeyActions {
  /** Logs in with a passkey the user already has ('I have a passkey'). */
  loginWithPasskey(options?: { signal?: AbortSignal }): Promise<LoginResult>;
  /** Signs up a new user with a new passkey. */
  signUpWithPasskey(options?: { signal?: AbortSignal }): Promise<LoginResult>;
  /** Adds a passkey to the signed-in user. */
  linkPasskey(options?: { signal?: AbortSignal }): Promise<User>;
  /** Removes one of the signed-in user's passkeys. */
  unlinkPasskey(credentialId: string): Promise<User>;
}

/** Builds the passkey actions over the client's context. */
export function passkeyActions(ctx: ActionContext): PasskeyActions {
  return {
    loginWithPasskey: (options) => loginWithPasskey(ctx, options?.signal),
    signUpWithPasskey: (options) => signUpWithPasskey(ctx, options?.signal),
    linkPasskey: (options) => linkPasskey(ctx, options?.signal),
    unlinkPasskey: (credentialId) => unlinkPasskey(ctx, credentialId),
  };
}
