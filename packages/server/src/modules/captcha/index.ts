import type { LatchModule } from '../../kernel/module.js';
import { CaptchaGate } from './CaptchaGate.js';
import { CaptchaSecrets, captchaSealing } from './CaptchaSecrets.js';
import { captchaDevRoutes } from './captchaDevRoutes.js';
import { captchaRoutes } from './captchaRoutes.js';
import * as captchaSecrets027 from './migrations/027_captcha_secrets.js';
import { PowCaptcha, powHmacKey } from './powCaptcha.js';
import { DEFAULT_TURNSTILE_SITEVERIFY_URL, TurnstileCaptcha } from './turnstileCaptcha.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** The captcha check of the inits, the proof-of-work challenges and the Turnstile secrets (modules/captcha/). */
    captcha: CaptchaGate;
  }
}

/**
 * Captcha (SPEC §4 "Captcha", §7, §8; docs/captcha.md): Cloudflare Turnstile ('t:' site keys) or the
 * self-hosted proof-of-work ('pow:' or none), checked first by every init (requireCaptcha.ts).
 */
export const captchaModule: LatchModule = {
  id: 'captcha',
  services: (ctx, { masterKey }) => ({
    captcha: new CaptchaGate(
      new PowCaptcha(powHmacKey(masterKey), ctx.shortLived, ctx.clock),
      new TurnstileCaptcha(ctx.shortLived, ctx.settings.turnstileSiteverifyUrl ?? DEFAULT_TURNSTILE_SITEVERIFY_URL),
      new CaptchaSecrets(ctx.db, ctx.sealer, ctx.clock),
    ),
  }),
  routes: [...captchaRoutes, ...captchaDevRoutes],
  migrations: { '027_captcha_secrets': captchaSecrets027 },
  sealed: captchaSealing,
};
