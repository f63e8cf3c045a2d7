import { describe, expect, it } from 'vitest';
import {
  cutLoginMessage,
  DEFAULT_APP_CONFIG,
  enabledLoginMethods,
  type ServerAppConfig,
  toAppConfig,
} from './appConfig.js';

const server = (overrides: Partial<ServerAppConfig> = {}): ServerAppConfig => ({
  ...DEFAULT_APP_CONFIG,
  id: 'a'.repeat(25),
  name: 'Acme',
  verification_key: '-----BEGIN PUBLIC KEY-----',
  allowlist_config: { error_title: 'No entry', error_detail: null, cta_text: null, cta_link: null },
  terms_and_conditions_url: 'https://acme.test/terms',
  require_users_accept_terms: true,
  embedded_wallet_config: {
    create_on_login: 'off',
    user_owned_recovery_options: ['user-passcode'],
    require_user_owned_recovery_on_create: false,
    headless_signing: false,
  },
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  sms_auth: true,
  google_oauth: true,
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
