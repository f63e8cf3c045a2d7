import { describe, expect, it } from 'vitest';
import { cutLoginMessage, enabledLoginMethods, type ServerAppConfig, toAppConfig } from './appConfig.js';

const server = (overrides: Partial<ServerAppConfig> = {}): ServerAppConfig => ({
  id: 'a'.repeat(25),
  name: 'Acme',
  verification_key: '-----BEGIN PUBLIC KEY-----',
  logo_url: null,
  accent_color: null,
  show_wallet_login_first: false,
  allowlist_config: { error_title: 'No entry', error_detail: null, cta_text: null, cta_link: null },
  telegram_auth_config: null,
  terms_and_conditions_url: 'https://acme.test/terms',
  privacy_policy_url: null,
  require_users_accept_terms: true,
  embedded_wallet_config: {
    create_on_login: 'off',
    user_owned_recovery_options: ['user-passcode'],
    require_user_owned_recovery_on_create: false,
  },
  custom_api_url: null,
  wallet_connect_cloud_project_id: null,
  fiat_on_ramp_enabled: false,
  captcha_enabled: false,
  captcha_site_key: null,
  twitter_oauth_on_mobile_enabled: false,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  mfa_methods: [],
  enforce_wallet_uis: false,
  legacy_wallet_ui_config: false,
  landing_header: null,
  login_message: null,
  login_methods_and_order: null,
  color_scheme: 'light',
  email_auth: true,
  sms_auth: true,
  wallet_auth: false,
  farcaster_auth: false,
  passkey_auth: false,
  telegram_auth: false,
  google_oauth: true,
  twitter_oauth: false,
  discord_oauth: false,
  github_oauth: false,
  spotify_oauth: false,
  instagram_oauth: false,
  tiktok_oauth: false,
  linkedin_oauth: false,
  apple_oauth: false,
  ...overrides,
});

describe('app config mapping (SPEC §3)', () => {
  it('lists enabled login methods in canonical order', () => {
    expect(enabledLoginMethods(server())).toEqual(['email', 'sms', 'google']);
  });

  it('applies the SPEC defaults', () => {
    const config = toAppConfig(server());
    expect(config.appearance.landingHeader).toBe('Log in or sign up');
    expect(config.appearance.palette).toEqual({ colorScheme: 'light', accent: '#676FFF' });
    expect(config.appearance.loginGroupPriority).toBe('web2-first');
    expect(config.allowlistConfig).toEqual({ errorTitle: 'No entry' });
    expect(config.legal).toEqual({ requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://acme.test/terms' });
  });

  it('uses web3-first when wallet login shows first, and the configured accent', () => {
    const config = toAppConfig(server({ show_wallet_login_first: true, accent_color: '#112233' }));
    expect(config.appearance.loginGroupPriority).toBe('web3-first');
    expect(config.appearance.palette.accent).toBe('#112233');
  });

  it('cuts the login message to 100 characters', () => {
    expect(cutLoginMessage('x'.repeat(150))).toHaveLength(100);
    expect(cutLoginMessage('')).toBeUndefined();
    expect(toAppConfig(server({ login_message: 'y'.repeat(101) })).appearance.loginMessage).toHaveLength(100);
  });
});
