import { API, type TokenResponse, type User } from '@latch/protocol';
import { type ActionContext, type LoginResult, sendForUser, sendOpen, signIn } from './context.js';

/** SMS one-time-code actions (SPEC §7 "Passwordless SMS"); phone numbers are in E.164 form. */
export interface SmsActions {
  /** Sends a one-time code by SMS to `phoneNumber`. */
  sendSmsCode(phoneNumber: string, captchaToken?: string): Promise<void>;
  /** Logs in (or signs up) with the code sent to `phoneNumber`. */
  loginWithSmsCode(phoneNumber: string, code: string): Promise<LoginResult>;
  /** Links `phoneNumber` to the signed-in user with the code sent to it. */
  linkPhone(phoneNumber: string, code: string): Promise<User>;
  /** Unlinks `phoneNumber` from the signed-in user. */
  unlinkPhone(phoneNumber: string): Promise<User>;
}

/** Builds the SMS actions. */
export function smsActions(ctx: ActionContext): SmsActions {
  return {
    async sendSmsCode(phoneNumber, captchaToken) {
      await sendOpen(ctx, API.smsInit, { phoneNumber: phoneNumber.trim(), token: captchaToken });
    },
    async loginWithSmsCode(phoneNumber, code) {
      const response = await sendOpen<TokenResponse>(ctx, API.smsAuthenticate, {
        phoneNumber: phoneNumber.trim(),
        code: code.trim(),
      });
      return signIn(ctx, response);
    },
    linkPhone: (phoneNumber, code) =>
      sendForUser(ctx, API.smsLink, { phoneNumber: phoneNumber.trim(), code: code.trim() }),
    unlinkPhone: (phoneNumber) => sendForUser(ctx, API.smsUnlink, { phoneNumber: phoneNumber.trim() }),
  };
}
