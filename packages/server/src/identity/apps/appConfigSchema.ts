import {
  BUILT_LOGIN_METHODS,
  BUILT_RECOVERY_OPTIONS,
  DEFAULT_APP_CONFIG,
  enabledLoginMethods,
  isBuiltLoginMethod,
  LatchError,
  LOGIN_METHOD_FLAG,
  LOGIN_METHODS,
  type LoginMethodFlag,
  type ServerAppConfig,
} from '@latch/protocol';
import {
  CAPTCHA_POW,
  POW_SITE_KEY_PREFIX,
  parseCaptchaSiteKey,
  UNSUPPORTED_CAPTCHA_SITE_KEY,
} from '@latch/protocol/captcha';
import { MFA_METHODS } from '@latch/protocol/mfa';
import * as v from 'valibot';
import { assertValidCustomAuthConfig, type CustomAuthConfig } from './customAuthConfig.js';
import { isSmsCountry } from './smsCountries.js';

/** The config fields a host sets; the rest of ServerAppConfig (id, name, key, times) comes from the server. */
export type HostAppConfig = Omit<ServerAppConfig, 'id' | 'name' | 'verification_key' | 'created_at' | 'updated_at'> & {
  /** Latch extension: the countries (ISO 3166-1 alpha-2) SMS codes may go to; null: none listed (docs/passwordless.md). */
  sms_allowed_countries: string[] | null;
  /** Latch extension: answer the OAuth provider's tokens (`oauth_provider_tokens`) to the host after an OAuth login or link. */
  return_oauth_provider_tokens: boolean;
  /** Latch extension: custom-token (JWT) login from the host's own backend (docs/social-login.md); null: off. */
  custom_auth_config: CustomAuthConfig | null;
};

/** The host-config fields that stay on the server (stripped from the public app config). */
export const SERVER_ONLY_CONFIG_KEYS = [
  'sms_allowed_countries',
  'return_oauth_provider_tokens',
  'custom_auth_config',
] as const;

const text = (max = 2048) => v.nullable(v.pipe(v.string(), v.maxLength(max)));
const url = v.nullable(v.pipe(v.string(), v.maxLength(2048), v.url()));
const loginMethod = v.picklist(LOGIN_METHODS);
const flags = Object.fromEntries(
  Object.values(LOGIN_METHOD_FLAG).map((flag) => [flag, v.optional(v.boolean())]),
) as Record<LoginMethodFlag, v.OptionalSchema<v.BooleanSchema<undefined>, undefined>>;

/** A partial host config as the CLI and dev endpoints accept it; unknown keys are refused (typos). */
export const HostAppConfigPatch = v.strictObject({
  ...flags,
  sms_allowed_countries: v.optional(
    v.nullable(
      v.pipe(
        v.array(v.pipe(v.string(), v.check(isSmsCountry, 'use ISO 3166-1 alpha-2 country codes such as "US"'))),
        v.maxLength(300),
      ),
    ),
  ),
  return_oauth_provider_tokens: v.optional(v.boolean()),
  custom_auth_config: v.optional(
    v.nullable(
      v.strictObject({
        issuer: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
        audience: v.optional(text(2048), null),
        algorithms: v.pipe(v.array(v.pipe(v.string(), v.maxLength(16))), v.minLength(1), v.maxLength(8)),
        jwks_url: v.optional(url, null),
        public_key_pem: v.optional(text(8192), null),
      }),
    ),
  ),
  logo_url: v.optional(url),
  accent_color: v.optional(
    v.nullable(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'accent_color must be #RRGGBB'))),
  ),
  show_wallet_login_first: v.optional(v.boolean()),
  allowlist_config: v.optional(
    v.strictObject({
      error_title: v.optional(text(200)),
      error_detail: v.optional(text(500)),
      cta_text: v.optional(text(100)),
      cta_link: v.optional(url),
    }),
  ),
  telegram_auth_config: v.optional(v.nullable(v.strictObject({ bot_id: v.string(), bot_name: v.string() }))),
  terms_and_conditions_url: v.optional(url),
  privacy_policy_url: v.optional(url),
  require_users_accept_terms: v.optional(v.boolean()),
  embedded_wallet_config: v.optional(
    v.strictObject({
      create_on_login: v.optional(v.picklist(['off', 'users-without-wallets', 'all-users'])),
      user_owned_recovery_options: v.optional(v.array(v.picklist(['user-passcode', 'google-drive', 'icloud']))),
      require_user_owned_recovery_on_create: v.optional(v.boolean()),
      // Issue #24: the frame signs without its own confirmation (what noPromptOnSignature needs). Off by default.
      headless_signing: v.optional(v.boolean()),
    }),
  ),
  custom_api_url: v.optional(url),
  wallet_connect_cloud_project_id: v.optional(text(200)),
  fiat_on_ramp_enabled: v.optional(v.boolean()),
  captcha_enabled: v.optional(v.boolean()),
  captcha_site_key: v.optional(text(512)),
  twitter_oauth_on_mobile_enabled: v.optional(v.boolean()),
  mfa_methods: v.optional(
    v.pipe(
      v.array(v.picklist(MFA_METHODS)),
      v.check((list) => new Set(list).size === list.length, 'mfa_methods lists a method twice'),
    ),
  ),
  mfa_required: v.optional(v.boolean()),
  mfa_protects_signing: v.optional(v.boolean()),
  enforce_wallet_uis: v.optional(v.boolean()),
  legacy_wallet_ui_config: v.optional(v.boolean()),
  landing_header: v.optional(text(200)),
  login_message: v.optional(text(1000)),
  login_methods_and_order: v.optional(
    v.nullable(v.strictObject({ primary: v.array(loginMethod), overflow: v.array(loginMethod) })),
  ),
  color_scheme: v.optional(v.picklist(['light', 'dark'])),
});

/** A partial host config. */
export type HostAppConfigPatch = v.InferOutput<typeof HostAppConfigPatch>;

/** The config of a new app (protocol's DEFAULT_APP_CONFIG: email login on, everything else off), no SMS countries. */
export const DEFAULT_HOST_CONFIG: HostAppConfig = {
  ...DEFAULT_APP_CONFIG,
  sms_allowed_countries: null,
  return_oauth_provider_tokens: false,
  custom_auth_config: null,
};

/** Applies a patch to a config (nested objects merge one level deep). */
export function mergeHostConfig(base: HostAppConfig, patch: HostAppConfigPatch): HostAppConfig {
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = out[key];
    const nested = value !== null && typeof value === 'object' && !Array.isArray(value);
    out[key] = nested && current && typeof current === 'object' ? { ...current, ...value } : value;
  }
  return out as HostAppConfig;
}

/** Parses a patch, throwing `invalid_data` with the first problem in words. */
export function parseHostConfigPatch(input: unknown): HostAppConfigPatch {
  if (Array.isArray(input)) throw new LatchError('invalid_data', 'The app config must be a JSON object.');
  const result = v.safeParse(HostAppConfigPatch, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? 'config';
  throw new LatchError('invalid_data', `Invalid app config at ${path}: ${issue.message}`);
}

/** SPEC §3's app-config flags with no behaviour SPEC defines: stored false, refused true (issue #32). */
const UNDEFINED_FLAGS = ['twitter_oauth_on_mobile_enabled', 'enforce_wallet_uis', 'legacy_wallet_ui_config'] as const;

const builtFlags = BUILT_LOGIN_METHODS.map((method) => LOGIN_METHOD_FLAG[method]).join(', ');

/**
 * Settings this release stores but does not act on are refused rather than accepted in silence (an
 * operator who turns a feature on must not believe it protects anything): login methods not built,
 * captcha (its server checks are built, modules/captcha, but the widget sends no token yet, so every login
 * would be refused) and cloud recovery backups. (The fiat on-ramp is checked against the app's provider keys by the
 * onRamp module: modules/onRamp/onRampConfigCheck.ts.) SPEC §3 lists three more flags without saying what they
 * do (UNDEFINED_FLAGS): off is accepted, on is refused.
 */
function assertOnlyBuiltFeatures(config: HostAppConfig): void {
  const undefinedFlag = UNDEFINED_FLAGS.find((flag) => config[flag]);
  if (undefinedFlag) {
    throw new LatchError(
      'invalid_data',
      `${undefinedFlag}: SPEC names this setting but defines no behaviour for it, so this release cannot turn it on (leave it false).`,
    );
  }
  const unbuilt = enabledLoginMethods(config).find((method) => !isBuiltLoginMethod(method));
  if (unbuilt) {
    throw new LatchError(
      'invalid_data',
      `${LOGIN_METHOD_FLAG[unbuilt]}: the ${unbuilt} login is not built yet and cannot be enabled (built: ${builtFlags}).`,
    );
  }
  const recovery = config.embedded_wallet_config.user_owned_recovery_options.find(
    (option) => !(BUILT_RECOVERY_OPTIONS as readonly string[]).includes(option),
  );
  if (recovery) {
    throw new LatchError(
      'invalid_data',
      `embedded_wallet_config.user_owned_recovery_options: "${recovery}" backups are not built yet (built: ${BUILT_RECOVERY_OPTIONS.join(', ')}).`,
    );
  }
}

/**
 * MFA settings (docs/mfa.md): requiring MFA, or MFA for signing, needs a method users can enrol;
 * requiring MFA needs a method besides SMS; SMS MFA outside dev mode needs the SMS countries, as
 * sms_auth does.
 */
function assertValidMfaConfig(config: HostAppConfig, options: { requireSmsCountries?: boolean }): void {
  if (config.mfa_methods.length === 0 && (config.mfa_required || config.mfa_protects_signing)) {
    const setting = config.mfa_required ? 'mfa_required' : 'mfa_protects_signing';
    throw new LatchError(
      'invalid_data',
      `${setting} needs at least one method in mfa_methods ("totp", "sms", "passkey"): users could not enrol.`,
    );
  }
  // MFA-06: a required second factor that can only be SMS is one a phisher or a SIM swap gets past.
  if (config.mfa_methods.length === 1 && config.mfa_methods[0] === 'sms' && config.mfa_required) {
    throw new LatchError(
      'invalid_data',
      'mfa_required needs a method other than "sms" in mfa_methods ("totp" or "passkey"): SMS codes can be phished or taken over with the phone number (SIM swap), so SMS cannot be the only required factor.',
    );
  }
  if (options.requireSmsCountries && config.mfa_methods.includes('sms') && !config.sms_allowed_countries?.length) {
    throw new LatchError(
      'invalid_data',
      'mfa_methods "sms" needs sms_allowed_countries outside dev mode (e.g. ["US","FR"]): SMS codes to every country invite SMS pumping.',
    );
  }
}

/**
 * SPEC §5 configuration rules, and no setting this release does not implement; throws `invalid_data`
 * naming the broken rule. `requireSmsCountries` (outside dev mode): sms_auth needs sms_allowed_countries.
 * `publicUrlsOnly` (outside dev mode): a custom-auth `jwks_url` must be public https (JWT-09).
 */
export function assertValidHostConfig(
  config: HostAppConfig,
  options: { requireSmsCountries?: boolean; publicUrlsOnly?: boolean } = {},
): void {
  assertOnlyBuiltFeatures(config);
  if (options.requireSmsCountries && config.sms_auth && !config.sms_allowed_countries?.length) {
    throw new LatchError(
      'invalid_data',
      'sms_auth needs sms_allowed_countries outside dev mode (e.g. ["US","FR"]): SMS codes to every country invite SMS pumping.',
    );
  }
  assertValidMfaConfig(config, options);
  if (config.custom_auth_config) {
    assertValidCustomAuthConfig(config.custom_auth_config, { dev: !options.publicUrlsOnly });
  }
  if (enabledLoginMethods(config).length === 0) {
    throw new LatchError('invalid_data', 'At least one login method must be enabled.');
  }
  assertCaptchaSiteKey(config.captcha_site_key);
  const order = config.login_methods_and_order;
  if (order) {
    const enabled = new Set(enabledLoginMethods(config));
    const listed = [...order.primary, ...order.overflow];
    const stray = listed.find((method) => !enabled.has(method));
    if (stray) throw new LatchError('invalid_data', `login_methods_and_order lists "${stray}", which is not enabled.`);
    if (new Set(listed).size !== listed.length) {
      throw new LatchError('invalid_data', 'login_methods_and_order lists a method twice.');
    }
  }
}

/**
 * SPEC §5: a captcha site key is 't:<Turnstile key>', else 'Unsupported captcha site key'; beside it the
 * self-hosted proof-of-work's 'pow:' or 'pow:<difficulty>' (docs/captcha.md), its difficulty bounded.
 */
function assertCaptchaSiteKey(siteKey: string | null): void {
  if (parseCaptchaSiteKey(siteKey).provider !== 'unsupported') return;
  const bounds = `${CAPTCHA_POW.minMaxNumber} to ${CAPTCHA_POW.maxMaxNumber}`;
  throw new LatchError(
    'invalid_data',
    siteKey?.startsWith(POW_SITE_KEY_PREFIX)
      ? `${UNSUPPORTED_CAPTCHA_SITE_KEY}: the proof-of-work difficulty after "pow:" must be a whole number from ${bounds}.`
      : UNSUPPORTED_CAPTCHA_SITE_KEY,
  );
}
