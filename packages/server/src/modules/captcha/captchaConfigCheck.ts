import { LatchError } from '@latch/protocol';
import { parseCaptchaSiteKey } from '@latch/protocol/captcha';
import { DEFAULT_HOST_CONFIG, mergeHostConfig, parseHostConfigPatch } from '../../identity/apps/appConfigSchema.js';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { CaptchaGate } from './CaptchaGate.js';

/**
 * Refuses a config that turns captcha on where it cannot check anything: Turnstile ('t:' site key) without the
 * app's secret key (naming the CLI command), or any captcha on a server without this module. The self-hosted
 * proof-of-work needs nothing. `gate` is undefined on a server without this module; a new app has no secret.
 */
export async function assertCaptchaConfigured(
  gate: CaptchaGate | undefined,
  app: AppRecord | undefined,
  configPatch: unknown,
): Promise<void> {
  if (configPatch === undefined) return;
  const config = mergeHostConfig(app?.config ?? DEFAULT_HOST_CONFIG, parseHostConfigPatch(configPatch));
  if (config.captcha_enabled !== true) return;
  if (!gate)
    throw new LatchError('invalid_data', 'captcha_enabled needs the captcha module, which this server does not run.');
  if (parseCaptchaSiteKey(config.captcha_site_key).provider !== 'turnstile') return;
  if (app && (await gate.secrets.updatedAt(app.id))) return;
  throw new LatchError(
    'invalid_data',
    `A Turnstile captcha_site_key needs the app's Turnstile secret key first: latch-server apps captcha set ${app?.id ?? '<app-id>'} --turnstile-secret-file PATH`,
  );
}

/** Refuses clearing the secret of an app whose Turnstile captcha is on (turn it off first). */
export function assertCaptchaClearable(app: AppRecord): void {
  if (!app.config.captcha_enabled || parseCaptchaSiteKey(app.config.captcha_site_key).provider !== 'turnstile') return;
  throw new LatchError(
    'invalid_data',
    "captcha_enabled is on with Turnstile: turn it off before clearing the app's secret.",
  );
}
