import { API, LatchError, type TokenResponse, type User } from '@latch/protocol';
import { type ActionContext, type LoginResult, sendForUser, sendOpen, signIn } from './context.js';

/** Email one-time-code actions (SPEC §7 "Passwordless email"). */
export interface EmailActions {
  /** Sends a one-time code to `email` (for login, linking or an address update). */
  sendEmailCode(email: string, captchaToken?: string): Promise<void>;
  /** Logs in (or signs up) with the code sent to `email`. */
  loginWithEmailCode(email: string, code: string): Promise<LoginResult>;
  /** Links `email` to the signed-in user with the code sent to it. */
  linkEmail(email: string, code: string): Promise<User>;
  /** Replaces the linked email `oldAddress` by `newAddress`; the code was sent to the new address. */
  updateEmail(oldAddress: string, newAddress: string, code: string): Promise<User>;
  /** Unlinks the email `address` from the signed-in user. */
  unlinkEmail(address: string): Promise<User>;
}

/** Builds the email actions. */
export function emailActions(ctx: ActionContext): EmailActions {
  return {
    async sendEmailCode(email, captchaToken) {
      await sendOpen(ctx, API.emailInit, { email: email.trim(), token: captchaToken });
    },
    async loginWithEmailCode(email, code) {
      const response = await sendOpen<TokenResponse>(ctx, API.emailAuthenticate, {
        email: email.trim(),
        code: code.trim(),
      });
      return signIn(ctx, response);
    },
    linkEmail: (email, code) => sendForUser(ctx, API.emailLink, { email: email.trim(), code: code.trim() }),
    async updateEmail(oldAddress, newAddress, code) {
      // SPEC §5: updateEmail requires an already linked email.
      const user = ctx.store.get().user;
      if (user !== null && !user.email) throw new LatchError('account_not_linked');
      return sendForUser(ctx, API.emailUpdate, {
        oldAddress: oldAddress.trim(),
        newAddress: newAddress.trim(),
        code: code.trim(),
      });
    },
    unlinkEmail: (address) => sendForUser(ctx, API.emailUnlink, { address: address.trim() }),
  };
}
