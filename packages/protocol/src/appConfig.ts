import { DEFAULTS, LIMIT } from './constants.js';
import type { Palette } from './palette.js';

/** The nine OAuth providers (SPEC §1). */
export const OAUTH_PROVIDERS = [
  'google',
  'twitter',
  'discord',
  'github',
  'spotify',
  'instagram',
  'tiktok',
  'linkedin',
  'apple',
] as const;

/** Every login method a host can enable (SPEC §3 loginMethods), in the canonical order. */
export const LOGIN_METHODS = [
  'email',
  'sms',
  ...OAUTH_PROVIDERS,
  'wallet',
  'farcaster',
  'passkey',
  'telegram',
] as const;

/** A login method id. */
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/**
 * The login methods this release implements: all of SPEC's 16 since Farcaster. The server refuses to enable others
 * and the widget never shows them (a button that cannot log anyone in is worse than none).
 */
export const BUILT_LOGIN_METHODS: readonly LoginMethod[] = LOGIN_METHODS;

/** True for a login method this release implements. */
export function isBuiltLoginMethod(method: LoginMethod): boolean {
  return BUILT_LOGIN_METHODS.includes(method);
}

/** An OAuth provider id. */
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The server config flag that enables each login method. */
export const LOGIN_METHOD_FLAG = {
  email: 'email_auth',
  sms: 'sms_auth',
  wallet: 'wallet_auth',
  farcaster: 'farcaster_auth',
  passkey: 'passkey_auth',
  telegram: 'telegram_auth',
  google: 'google_oauth',
  twitter: 'twitter_oauth',
  discord: 'discord_oauth',
  github: 'github_oauth',
  spotify: 'spotify_oauth',
  instagram: 'instagram_oauth',
  tiktok: 'tiktok_oauth',
  linkedin: 'linkedin_oauth',
  apple: 'apple_oauth',
} as const satisfies Record<LoginMethod, string>;

/** A server login-method flag name. */
export type LoginMethodFlag = (typeof LOGIN_METHOD_FLAG)[LoginMethod];

/** When the embedded wallet is created on login. */
export type CreateOnLogin = 'off' | 'users-without-wallets' | 'all-users';

/** The recovery methods a user can own (SPEC §9). */
export type UserOwnedRecoveryOption = 'user-passcode' | 'google-drive' | 'icloud';

/** The recovery methods this release implements: the password and cloud backups (docs/cloud-backup.md). */
export const BUILT_RECOVERY_OPTIONS = [
  'user-passcode',
  'google-drive',
  'icloud',
] as const satisfies readonly UserOwnedRecoveryOption[];

/** The app config as the server sends it (SPEC §3, snake_case). Latch extensions are marked. */
export type ServerAppConfig = {
  id: string;
  name: string;
  verification_key: string;
  logo_url: string | null;
  accent_color: string | null;
  show_wallet_login_first: boolean;
  allowlist_config: {
    error_title: string | null;
    error_detail: string | null;
    cta_text: string | null;
    cta_link: string | null;
  };
  telegram_auth_config: { bot_id: string; bot_name: string } | null;
  terms_and_conditions_url: string | null;
  privacy_policy_url: string | null;
  require_users_accept_terms: boolean;
  embedded_wallet_config: {
    create_on_login: CreateOnLogin;
    user_owned_recovery_options: UserOwnedRecoveryOption[];
    require_user_owned_recovery_on_create: boolean;
    /** The frame signs without its confirmation (docs/custody.md); the frame reads it from its page. */
    headless_signing: boolean;
  };
  custom_api_url: string | null;
  wallet_connect_cloud_project_id: string | null;
  fiat_on_ramp_enabled: boolean;
  captcha_enabled: boolean;
  captcha_site_key: string | null;
  twitter_oauth_on_mobile_enabled: boolean;
  created_at: number;
  updated_at: number;
  mfa_methods: Array<'sms' | 'totp' | 'passkey'>;
  /**
   * Latch extension (SPEC §6 "whether MFA is required"): a user without a method must enrol one before
   * any protected action (export, new-device recovery, password, and signing when `mfa_protects_signing`).
   */
  mfa_required: boolean;
  /** Latch extension: signing and sending transactions need a fresh MFA verification too (docs/mfa.md). */
  mfa_protects_signing: boolean;
  enforce_wallet_uis: boolean;
  legacy_wallet_ui_config: boolean;
  /** Latch extension: the landing header and login message a host sets on the server. */
  landing_header: string | null;
  login_message: string | null;
  /** Latch extension: explicit primary/overflow order; null means the grouped layout. */
  login_methods_and_order: { primary: LoginMethod[]; overflow: LoginMethod[] } | null;
  /** Latch extension: colour scheme of the widget. */
  color_scheme: 'light' | 'dark';
} & Record<LoginMethodFlag, boolean>;

/** The app config as the UI uses it (SPEC §3, camelCase). */
export interface AppConfig {
  id: string;
  name: string;
  verificationKey: string;
  loginMethods: LoginMethod[];
  loginMethodsAndOrder?: { primary: LoginMethod[]; overflow: LoginMethod[] };
  appearance: {
    landingHeader: string;
    loginMessage?: string;
    loginGroupPriority: 'web2-first' | 'web3-first';
    hideDirectWeb2Inputs: boolean;
    walletList: string[];
    /** The scheme, the accent and the colours the client derives from them (palette.ts). */
    palette: Palette;
    logo?: string;
    /** A host's <svg> / <img> logo element (core's LogoElement): kept as given, never serialised. */
    logoElement?: unknown;
  };
  /** The host's phone default (`intl.defaultCountry`, ISO 3166-1 alpha-2); unset: SPEC §9's US. */
  intl?: { defaultCountry: string };
  legal: { requireUsersAcceptTerms: boolean; termsAndConditionsUrl?: string; privacyPolicyUrl?: string };
  allowlistConfig: { errorTitle?: string; errorDetail?: string; errorCtaText?: string; errorCtaLink?: string };
  embeddedWallets: {
    createOnLogin: CreateOnLogin;
    requireUserOwnedRecoveryOnCreate: boolean;
    userOwnedRecoveryOptions: UserOwnedRecoveryOption[];
    noPromptOnSignature: boolean;
    /** The app's server-side headless signing: without it the frame asks, whatever the host says. */
    headlessSigning: boolean;
    waitForTransactionConfirmation: boolean;
    priceDisplay: { primary: 'fiat-currency' | 'native-token'; secondary: 'fiat-currency' | 'native-token' | null };
  };
  mfa: {
    methods: Array<'sms' | 'totp' | 'passkey'>;
    noPromptOnMfaRequired: boolean;
    /** Every user must enrol a method (server setting `mfa_required`). */
    required: boolean;
    /** Signing and sending need a verification too (server setting `mfa_protects_signing`). */
    protectsSigning: boolean;
  };
  fiatOnRamp: { enabled: boolean; useSandbox: boolean };
  captchaEnabled: boolean;
  captchaSiteKey?: string;
  /** Where the widget loads Turnstile's script from (the host's `captcha.turnstileScriptUrl`; default Cloudflare's). */
  turnstileScriptUrl?: string;
  walletConnectCloudProjectId?: string;
  customApiUrl?: string;
  loginConfig: { twitterOAuthOnMobileEnabled: boolean; telegram?: { botId: string; botName: string } };
}

/** Cuts the login message to SPEC's 100 characters. */
export function cutLoginMessage(message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  return message.slice(0, LIMIT.loginMessageMaxLength);
}

/** The config fields an app's host sets (the rest of ServerAppConfig comes from the server). */
export type HostedAppConfig = Omit<ServerAppConfig, 'id' | 'name' | 'verification_key' | 'created_at' | 'updated_at'>;

/** The config of a new app: email login on, every other login method and feature off. */
// Built by a call marked pure so a bundle that never reads it (the widget: only the server does) drops it.
export const DEFAULT_APP_CONFIG: HostedAppConfig = /* @__PURE__ */ defaultAppConfig();

/** Builds DEFAULT_APP_CONFIG. */
function defaultAppConfig(): HostedAppConfig {
  return {
    ...(Object.fromEntries(Object.values(LOGIN_METHOD_FLAG).map((flag) => [flag, false])) as Record<
      LoginMethodFlag,
      boolean
    >),
    email_auth: true,
    logo_url: null,
    accent_color: null,
    show_wallet_login_first: false,
    allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
    telegram_auth_config: null,
    terms_and_conditions_url: null,
    privacy_policy_url: null,
    require_users_accept_terms: false,
    embedded_wallet_config: {
      create_on_login: 'off',
      user_owned_recovery_options: [],
      require_user_owned_recovery_on_create: false,
      headless_signing: false,
    },
    custom_api_url: null,
    wallet_connect_cloud_project_id: null,
    fiat_on_ramp_enabled: false,
    captcha_enabled: false,
    captcha_site_key: null,
    twitter_oauth_on_mobile_enabled: false,
    mfa_methods: [],
    mfa_required: false,
    mfa_protects_signing: false,
    enforce_wallet_uis: false,
    legacy_wallet_ui_config: false,
    landing_header: null,
    login_message: null,
    login_methods_and_order: null,
    color_scheme: 'light',
  };
}

/** The enabled login methods of a server config, in the canonical order. */
export function enabledLoginMethods(config: Pick<ServerAppConfig, LoginMethodFlag>): LoginMethod[] {
  return LOGIN_METHODS.filter((method) => config[LOGIN_METHOD_FLAG[method]]);
}

const orUndefined = (value: string | null): string | undefined => value ?? undefined;

/** Maps the server's snake_case app config to the camelCase config the UI uses (SPEC §3). */
export function toAppConfig(server: ServerAppConfig): AppConfig {
  return {
    id: server.id,
    name: server.name,
    verificationKey: server.verification_key,
    loginMethods: enabledLoginMethods(server),
    loginMethodsAndOrder: server.login_methods_and_order ?? undefined,
    appearance: {
      landingHeader: server.landing_header ?? DEFAULTS.landingHeader,
      loginMessage: cutLoginMessage(server.login_message),
      loginGroupPriority: server.show_wallet_login_first ? 'web3-first' : 'web2-first',
      hideDirectWeb2Inputs: false,
      walletList: [],
      palette: { colorScheme: server.color_scheme, accent: server.accent_color ?? DEFAULTS.accentColor },
      logo: orUndefined(server.logo_url),
    },
    legal: {
      requireUsersAcceptTerms: server.require_users_accept_terms,
      termsAndConditionsUrl: orUndefined(server.terms_and_conditions_url),
      privacyPolicyUrl: orUndefined(server.privacy_policy_url),
    },
    allowlistConfig: {
      errorTitle: orUndefined(server.allowlist_config.error_title),
      errorDetail: orUndefined(server.allowlist_config.error_detail),
      errorCtaText: orUndefined(server.allowlist_config.cta_text),
      errorCtaLink: orUndefined(server.allowlist_config.cta_link),
    },
    embeddedWallets: {
      createOnLogin: server.embedded_wallet_config.create_on_login,
      requireUserOwnedRecoveryOnCreate: server.embedded_wallet_config.require_user_owned_recovery_on_create,
      userOwnedRecoveryOptions: server.embedded_wallet_config.user_owned_recovery_options,
      noPromptOnSignature: false,
      headlessSigning: server.embedded_wallet_config.headless_signing,
      waitForTransactionConfirmation: true,
      priceDisplay: { primary: 'fiat-currency', secondary: 'native-token' },
    },
    mfa: {
      methods: server.mfa_methods,
      noPromptOnMfaRequired: false,
      required: server.mfa_required,
      protectsSigning: server.mfa_protects_signing,
    },
    fiatOnRamp: { enabled: server.fiat_on_ramp_enabled, useSandbox: false },
    captchaEnabled: server.captcha_enabled,
    captchaSiteKey: orUndefined(server.captcha_site_key),
    walletConnectCloudProjectId: orUndefined(server.wallet_connect_cloud_project_id),
    customApiUrl: orUndefined(server.custom_api_url),
    loginConfig: {
      twitterOAuthOnMobileEnabled: server.twitter_oauth_on_mobile_enabled,
      telegram: server.telegram_auth_config
        ? { botId: server.telegram_auth_config.bot_id, botName: server.telegram_auth_config.bot_name }
        : undefined,
    },
  };
}
