import { DEV_API } from '@latch/protocol';
import * as v from 'valibot';
import { namedApp } from '../../identity/http/resolveApp.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';

const DevCaptchaSecretBody = v.strictObject({ secret: v.pipe(v.string(), v.maxLength(256)) });

/**
 * Dev mode only (404 outside it): sets an app's Turnstile secret key as `apps captcha set` does, for tests and
 * e2e, which make apps through the dev API while the server holds the data directory. Never answers the secret.
 */
export const captchaDevRoutes: RouteDef[] = [
  {
    method: 'put',
    path: DEV_API.captchaSecret.pattern,
    devOnly: true,
    handler: async (c) => {
      const app = await c.get('ctx').apps.require(namedApp(c).id, { fresh: true });
      const { secret } = await parseBody(c, DevCaptchaSecretBody);
      await c.get('ctx').captcha.secrets.set(app.id, secret);
      return c.json({ app_id: app.id, has_secret: true });
    },
  },
];
