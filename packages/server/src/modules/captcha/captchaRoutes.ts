import { CAPTCHA_API, parseCaptchaSiteKey } from '@latch/protocol/captcha';
import { namedApp } from '../../identity/http/resolveApp.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { captchaRefusal } from './captchaRefusal.js';

/** The self-hosted proof-of-work's challenge (docs/captcha.md): for an app whose captcha is on and is not Turnstile. */
export const captchaRoutes: RouteDef[] = [
  {
    method: 'get',
    path: CAPTCHA_API.challenge,
    caller: 'app',
    handler: async (c) => {
      const app = namedApp(c);
      const provider = parseCaptchaSiteKey(app.config.captcha_site_key);
      if (!app.config.captcha_enabled || provider.provider !== 'pow')
        throw captchaRefusal('invalid_captcha', 'This app does not use the self-hosted captcha.');
      c.header('cache-control', 'no-store');
      return c.json(await c.get('ctx').captcha.pow.challenge(app.id, provider.maxNumber));
    },
  },
];
