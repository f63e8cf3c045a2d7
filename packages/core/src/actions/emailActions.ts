import { type CodePurpose, LatchError, PASSWORDLESS_API, type TokenResponse, type User } from '@latch/protocol';
import {
  type ActionContext,
  type CodeLoginOptions,
  type LoginResult,
  loginModeOf,
  sendCode,
  sendForUser,
  sendOpen,
  signIn,
} from './context.js';

/** Email one-time-code actions (SPEC §7 "Passwordless email"). */
export interface EmailActions {
  /**
   * Sends a one-time code to `email` for `purpose` (default 'login'; a code works only for its
   * purpose): 'link' and 'update' (the new address) or 'update-old' and 'unlink' (a linked address).
   */
  sendEmailCode(email: string, captchaToken?: string, purpose?: CodePurpose): Promise<void>;
  /** Logs in (or signs up, unless `options.disableSignup`) with the code sent to `email`. */
  loginWithEmailCode(email: string, code: string, options?: CodeLoginOptions): Promise<LoginResult>;
  /** Links `email` to the signed-in user with the code sent to it. */
  linkEmail(email: string, code: string): Promise<User>;
  /**
   * Replaces the linked email `oldAddress` by `newAddress`; `code` was sent to the new address for
   * 'update'. `oldCode` (sent to `oldAddress` for 'update-old') is needed unless the user logged in in
   * the last few minutes (else `step_up_required`).
   */
  updateEmail(oldAddress: string, newAddress: string, code: string, oldCode?: string): Promise<User>;
  /** Unlinks the email `address`; `code` (sent to it for 'unlink') unless the user logged in just now. */
  unlinkEmail(address: string, code?: string): Promise<User>;
}

/** Builds the email actions. */
export function emailActions(ctx: ActionContext): EmailActions {
  return {
    async sendEmailCode(email, captchaToken, purpose) {
      await sendCode(ctx, PASSWORDLESS_API.emailInit, { email: email.trim(), token: captchaToken, purpose });
    },
    async loginWithEmailCode(email, code, options) {
      const response = await sendOpen<TokenResponse>(ctx, PASSWORDLESS_API.emailAuthenticate, {
        email: email.trim(),
        code: code.trim(),
        mode: loginModeOf(options),
      });
      return signIn(ctx, response);
    },
    linkEmail: (email, code) =>
      sendForUser(ctx, PASSWORDLESS_API.emailLink, { email: email.trim(), code: code.trim() }),
    async updateEmail(oldAddress, newAddress, code, oldCode) {
      // SPEC §5: updateEmail requires an already linked email.
      const user = ctx.store.get().user;
      if (user !== null && !user.email) throw new LatchError('account_not_linked');
      return sendForUser(ctx, PASSWORDLESS_API.emailUpdate, {
        oldAddress: oldAddress.trim(),
        newAddress: newAddress.trim(),
        code: code.trim(),
        oldCode: oldCode?.trim(),
      });
    },
    unlinkEmail: (address, code) =>
      sendForUser(ctx, PASSWORDLESS_API.emailUnlink, { address: address.trim(), code: code?.trim() }),
  };
}
