import { isAppId, LatchError } from '@latch/protocol';
import { parseCaptchaSiteKey } from '@latch/protocol/captcha';
import type { ServerContext } from '../kernel/context.js';
import { assertCaptchaClearable } from '../modules/captcha/captchaConfigCheck.js';
import { UsageError } from './usageError.js';

/** The usage lines of `apps captcha` (docs/captcha.md). */
export const CAPTCHA_USAGE = `  apps captcha set <app-id> (--turnstile-secret-file PATH | LATCH_TURNSTILE_SECRET_KEY)
                                 the app's Cloudflare Turnstile secret key, stored sealed under the master key;
                                 then: apps update <app-id> --config '{"captcha_enabled":true,"captcha_site_key":"t:<site key>"}'
                                 (no secret needed for the self-hosted proof-of-work: '{"captcha_enabled":true}')
  apps captcha clear <app-id>    forget the Turnstile secret (while Turnstile is on: turn it off first)
  apps captcha list <app-id>     the app's captcha provider and whether a Turnstile secret is set (never the secret)
`;

/** The options of `apps captcha` (`turnstile-secret` is filled by the CLI from the file or the environment). */
export const CAPTCHA_OPTIONS = {
  'turnstile-secret-file': { type: 'string' },
  'turnstile-secret': { type: 'string' },
} as const;

/** What an `apps captcha` command reads of a parsed command line. */
interface CaptchaCommand {
  action?: string;
  appId?: string;
  values: { 'turnstile-secret'?: string };
}

/** Checks an `apps captcha` command line before any database is opened; throws UsageError naming the problem. */
export function assertCaptchaRunnable({ action, appId }: CaptchaCommand): void {
  if (action !== 'set' && action !== 'clear' && action !== 'list')
    throw new UsageError(`Unknown apps captcha command "${action ?? ''}" (set, clear, list).\n\n${CAPTCHA_USAGE}`);
  if (!appId) throw new UsageError(`apps captcha ${action} needs the app id.`);
  if (!isAppId(appId)) throw new LatchError('invalid_app_id');
}

/** Runs `apps captcha set|clear|list`; prints JSON lines without any secret. */
export async function runCaptchaCommand(
  ctx: ServerContext,
  command: CaptchaCommand,
  print: (value: unknown) => void,
): Promise<number> {
  assertCaptchaRunnable(command);
  const app = await ctx.apps.require(command.appId, { fresh: true });
  const secrets = ctx.captcha.secrets;
  if (command.action === 'list') {
    const { captcha_enabled, captcha_site_key } = app.config;
    const updatedAt = await secrets.updatedAt(app.id);
    print({
      app_id: app.id,
      captcha_enabled,
      captcha_site_key,
      provider: parseCaptchaSiteKey(captcha_site_key).provider,
      has_turnstile_secret: updatedAt !== null,
      ...(updatedAt ? { turnstile_secret_updated_at: updatedAt.toISOString() } : {}),
    });
    return 0;
  }
  if (command.action === 'clear') {
    assertCaptchaClearable(app);
    print({ app_id: app.id, cleared: await secrets.clear(app.id) });
    return 0;
  }
  const secret = command.values['turnstile-secret'];
  if (!secret)
    throw new UsageError(
      'apps captcha set needs the secret: --turnstile-secret-file PATH or LATCH_TURNSTILE_SECRET_KEY.',
    );
  await secrets.set(app.id, secret);
  print({ app_id: app.id, has_turnstile_secret: true });
  return 0;
}
