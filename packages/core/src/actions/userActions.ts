import { IDENTITY_API, type User } from '@latch/protocol';
import { type ActionContext, sendForUser } from './context.js';

/** Actions on the signed-in user. */
export interface UserActions {
  /** Records that the user accepted the app's terms (SPEC §7 accept_terms). */
  acceptTerms(): Promise<User>;
  /** Reloads the user from the server. */
  refreshUser(): Promise<User>;
}

/** Builds the user actions. */
export function userActions(ctx: ActionContext): UserActions {
  return {
    acceptTerms: () => sendForUser(ctx, IDENTITY_API.acceptTerms, {}),
    refreshUser: () => sendForUser(ctx, IDENTITY_API.me),
  };
}
