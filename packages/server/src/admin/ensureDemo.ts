import type { AppRecord } from '../identity/apps/appStore.js';
import type { ServerContext } from '../kernel/context.js';
import { readDevIdpDescription, setUpDemoSocialLogin } from './demoSocialLogin.js';
import { UsageError } from './usageError.js';

/** The name `apps ensure-demo` finds its app by. */
export const DEMO_APP_NAME = 'Latch Demo';
/** Login methods the server implements today; the demo app enables all of them. */
const IMPLEMENTED_LOGIN_FLAGS = ['email_auth', 'sms_auth', 'wallet_auth', 'passkey_auth'] as const;

/** `apps ensure-demo`: creates or updates the demo app (every built login method, an embedded wallet at login). */
export async function ensureDemo(ctx: ServerContext, origin: string | undefined, devIdp?: string): Promise<AppRecord> {
  if (!origin) throw new UsageError('apps ensure-demo needs --origin URL (the demo host page).');
  const config = {
    ...Object.fromEntries(IMPLEMENTED_LOGIN_FLAGS.map((flag) => [flag, true])),
    // The demo shows the embedded wallet: every user without a wallet gets one at login.
    // Signatures wait for a click on the frame's own confirmation (issue #24): never headless on the demo.
    // Its recovery selection offers all three backups: Google Drive and iCloud (the dev IdP's stand-ins), a password.
    embedded_wallet_config: {
      create_on_login: 'users-without-wallets' as const,
      headless_signing: false,
      user_owned_recovery_options: ['google-drive', 'icloud', 'user-passcode'] as Array<
        'google-drive' | 'icloud' | 'user-passcode'
      >,
    },
    // The demo's 'Security' item enrols any of the three MFA methods (docs/mfa.md). Signing stays
    // unprotected so that the demo's sign and send flows ask nothing more than before.
    mfa_methods: ['totp', 'sms', 'passkey'] as Array<'totp' | 'sms' | 'passkey'>,
    mfa_protects_signing: false,
  };
  const existing = await ctx.apps.findByName(DEMO_APP_NAME);
  const app = existing
    ? await ctx.apps.update(existing.id, {
        config,
        allowedOrigins: existing.allowedOrigins.includes(origin)
          ? existing.allowedOrigins
          : [...existing.allowedOrigins, origin],
      })
    : await ctx.apps.create({ name: DEMO_APP_NAME, config, allowedOrigins: [origin] });
  if (!devIdp) return app;
  return ctx.apps.update(app.id, {
    config: await setUpDemoSocialLogin(ctx, app.id, readDevIdpDescription(devIdp)),
  });
}
