import { LatchError } from '@latch/protocol';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { LatchContext } from '../../kernel/http/env.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';

/**
 * The first step of every init SPEC §7 gives a captcha token (email and SMS login codes, SIWE, OAuth and
 * Telegram login): refuses the request (invalid_captcha / captcha_failure) unless `app` has captcha off or
 * `token` passes. Call it before anything is counted, stored or sent. A server without the captcha module
 * fails closed for an app that has captcha on.
 */
export async function requireCaptcha(c: LatchContext, app: AppRecord, token: string | undefined): Promise<void> {
  if (!app.config.captcha_enabled) return;
  const gate = c.get('ctx').captcha;
  if (!gate) throw new LatchError('captcha_failure', 'This server does not run the captcha module.', { status: 503 });
  await gate.check(app, token, clientIp(c));
}
