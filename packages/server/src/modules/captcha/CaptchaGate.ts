import { parseCaptchaSiteKey, TURNSTILE_ACTION } from '@latch/protocol/captcha';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { CaptchaSecrets } from './CaptchaSecrets.js';
import { captchaRefusal } from './captchaRefusal.js';
import type { PowCaptcha } from './powCaptcha.js';
import type { TurnstileCaptcha } from './turnstileCaptcha.js';

/**
 * The captcha check the inits run first (docs/captcha.md): nothing when the app has captcha off; else the
 * token must pass the app's provider (its `captcha_site_key`: 't:' Turnstile, 'pow:' or none the self-hosted
 * proof-of-work). A refusal happens before the init counts or sends anything.
 */
export class CaptchaGate {
  constructor(
    readonly pow: PowCaptcha,
    private readonly turnstile: TurnstileCaptcha,
    readonly secrets: CaptchaSecrets,
  ) {}

  /** Throws invalid_captcha / captcha_failure unless `app` has captcha off or `token` passes its provider. */
  async check(app: AppRecord, token: string | undefined, remoteIp: string | undefined): Promise<void> {
    if (!app.config.captcha_enabled) return;
    if (!token) throw captchaRefusal('invalid_captcha', 'This app requires a captcha token.');
    const provider = parseCaptchaSiteKey(app.config.captcha_site_key);
    if (provider.provider === 'pow') return this.pow.verify(app.id, token, provider.maxNumber);
    if (provider.provider === 'turnstile') {
      const secret = await this.secrets.get(app.id);
      if (!secret) throw captchaRefusal('captcha_failure', 'The app has no Turnstile secret key set.', 503);
      const hostnames = app.allowedOrigins.map((origin) => new URL(origin).hostname.toLowerCase());
      return this.turnstile.verify({ secret, token, remoteIp, hostnames, action: TURNSTILE_ACTION });
    }
    // The config check refuses such a key; an app stored before it still fails closed.
    throw captchaRefusal('captcha_failure', 'Unsupported captcha site key', 503);
  }
}
