import { type CodePurpose, PASSWORDLESS_API, type TokenResponse, type User } from '@latch/protocol';
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

/** SMS one-time-code actions (SPEC §7 "Passwordless SMS"); phone numbers are in E.164 form. */
export interface SmsActions {
  /** Sends a one-time code by SMS to `phoneNumber` for `purpose` (default 'login'; see sendEmailCode). */
  sendSmsCode(phoneNumber: string, captchaToken?: string, purpose?: CodePurpose): Promise<void>;
  /** Logs in (or signs up, unless `options.disableSignup`) with the code sent to `phoneNumber`. */
  loginWithSmsCode(phoneNumber: string, code: string, options?: CodeLoginOptions): Promise<LoginResult>;
  /** Links `phoneNumber` to the signed-in user with the code sent to it. */
  linkPhone(phoneNumber: string, code: string): Promise<User>;
  /** Unlinks `phoneNumber`; `code` (sent to it for 'unlink') unless the user logged in just now. */
  unlinkPhone(phoneNumber: string, code?: string): Promise<User>;
}

/** Builds the SMS actions. */
export function smsActions(ctx: ActionContext): SmsActions {
  return {
    async sendSmsCode(phoneNumber, captchaToken, purpose) {
      await sendCode(ctx, PASSWORDLESS_API.smsInit, { phoneNumber: phoneNumber.trim(), token: captchaToken, purpose });
    },
    async loginWithSmsCode(phoneNumber, code, options) {
      const response = await sendOpen<TokenResponse>(ctx, PASSWORDLESS_API.smsAuthenticate, {
        phoneNumber: phoneNumber.trim(),
        code: code.trim(),
        mode: loginModeOf(options),
      });
      return signIn(ctx, response);
    },
    linkPhone: (phoneNumber, code) =>
      sendForUser(ctx, PASSWORDLESS_API.smsLink, { phoneNumber: phoneNumber.trim(), code: code.trim() }),
    unlinkPhone: (phoneNumber, code) =>
      sendForUser(ctx, PASSWORDLESS_API.smsUnlink, { phoneNumber: phoneNumber.trim(), code: code?.trim() }),
  };
}
