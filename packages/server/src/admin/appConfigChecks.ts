import type { AppRecord } from '../identity/apps/appStore.js';
import { assertConfiguredMethods } from '../identity/credentials/methodCredentialsCheck.js';
import type { ServerContext } from '../kernel/context.js';
import { assertCaptchaConfigured } from '../modules/captcha/captchaConfigCheck.js';
import { assertOnRampConfigured } from '../modules/onRamp/onRampConfigCheck.js';

/**
 * Refuses a config that turns on what the app has no credentials for: an OAuth provider or Telegram without
 * its client, the fiat on-ramp without provider keys, a Turnstile captcha without its secret key. A new app (`app` undefined) has none yet.
 */
export async function assertConfigUsable(
  ctx: ServerContext,
  app: AppRecord | undefined,
  configPatch: unknown,
): Promise<void> {
  await assertConfiguredMethods(ctx.loginCredentials, app, configPatch);
  await assertOnRampConfigured(ctx.onRampSettings, app, configPatch);
  await assertCaptchaConfigured(ctx.captcha, app, configPatch);
}
