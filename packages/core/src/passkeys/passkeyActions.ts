import type { User } from '@latch/protocol';
import type { ActionContext, LoginResult } from '../actions/context.js';
import { linkPasskey } from './linkPasskey.js';
import { loginWithPasskey } from './loginWithPasskey.js';
import { signUpWithPasskey } from './signUpWithPasskey.js';
import { unlinkPasskey } from './unlinkPasskey.js';

/** Passkey actions (SPEC §7 "Passkeys"). The client loads this module on first use, out of the initial JavaScript. */
export interface PasskeyActions {
  /** Logs in with a passkey the user already has ('I have a passkey'). */
  loginWithPasskey(): Promise<LoginResult>;
  /** Signs up a new user with a new passkey. */
  signUpWithPasskey(): Promise<LoginResult>;
  /** Adds a passkey to the signed-in user. */
  linkPasskey(): Promise<User>;
  /** Removes one of the signed-in user's passkeys. */
  unlinkPasskey(credentialId: string): Promise<User>;
}

/** Builds the passkey actions over the client's context. */
export function passkeyActions(ctx: ActionContext): PasskeyActions {
  return {
    loginWithPasskey: () => loginWithPasskey(ctx),
    signUpWithPasskey: () => signUpWithPasskey(ctx),
    linkPasskey: () => linkPasskey(ctx),
    unlinkPasskey: (credentialId) => unlinkPasskey(ctx, credentialId),
  };
}
