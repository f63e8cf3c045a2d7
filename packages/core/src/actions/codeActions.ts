import { type CaptchaActions, captchaActions } from './captchaActions.js';
import type { ActionContext } from './context.js';
import { type EmailActions, emailActions } from './emailActions.js';
import { type SmsActions, smsActions } from './smsActions.js';

/** The one-time-code actions, email and SMS: one lazy chunk with their paths (see CODE_ACTIONS in client.ts). */
export type CodeActions = EmailActions & SmsActions & CaptchaActions;

/** Builds the email and SMS actions. */
export const codeActions = (ctx: ActionContext): CodeActions => ({
  ...emailActions(ctx),
  ...smsActions(ctx),
  ...captchaActions(ctx),
});
