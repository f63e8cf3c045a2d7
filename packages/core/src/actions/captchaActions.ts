import { CAPTCHA_API, type CaptchaChallenge } from '@latch/protocol/captcha';
import { type ActionContext, sendOpen } from './context.js';

/** The self-hosted captcha's call (docs/captcha.md): in the code actions' chunk, out of the page's first JavaScript. */
export interface CaptchaActions {
  /** A signed, expiring, single-use proof-of-work challenge of the app (GET CAPTCHA_API.challenge). */
  captchaChallenge(): Promise<CaptchaChallenge>;
}

/** Builds the captcha actions. */
export const captchaActions = (ctx: ActionContext): CaptchaActions => ({
  captchaChallenge: () => sendOpen<CaptchaChallenge>(ctx, CAPTCHA_API.challenge),
});
