import { LatchError, LOGIN_METHOD_FLAG } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import {
  assertValidHostConfig,
  DEFAULT_HOST_CONFIG,
  mergeHostConfig,
  parseHostConfigPatch,
} from './appConfigSchema.js';

const configWith = (patch: unknown) => mergeHostConfig(DEFAULT_HOST_CONFIG, parseHostConfigPatch(patch));
const refusal = (patch: unknown): string => {
  try {
    assertValidHostConfig(configWith(patch));
  } catch (error) {
    if (error instanceof LatchError) return error.message;
    throw error;
  }
  return 'accepted';
};

describe('host app config (SPEC §5)', () => {
  it('accepts the defaults (email on)', () => {
    expect(refusal({})).toBe('accepted');
  });

  it('needs at least one login method', () => {
    expect(refusal({ email_auth: false })).toBe('At least one login method must be enabled.');
  });

  it("needs the 't:' prefix (Turnstile) or 'pow:[n]' (self-hosted) on a captcha site key (docs/captcha.md)", () => {
    expect(refusal({ captcha_site_key: 'abc' })).toBe('Unsupported captcha site key');
    expect(refusal({ captcha_site_key: 'h:abc' })).toBe('Unsupported captcha site key');
    expect(refusal({ captcha_site_key: 't:abc' })).toBe('accepted');
    expect(refusal({ captcha_site_key: 'pow:' })).toBe('accepted');
    expect(refusal({ captcha_site_key: 'pow:250000' })).toBe('accepted');
    for (const absurd of ['pow:10', 'pow:999999999', 'pow:abc', 'pow:1e6'])
      expect(refusal({ captcha_site_key: absurd })).toBe(
        'Unsupported captcha site key: the proof-of-work difficulty after "pow:" must be a whole number from 1000 to 5000000.',
      );
  });

  it('refuses settings this release stores but does not act on, naming each', () => {
    // Built (issue #29): the server's checks (modules/captcha) and the widget's (core/src/captcha).
    expect(refusal({ captcha_enabled: true })).toBe('accepted');
    // Built (issue #28): whether the app has the provider keys is the onRamp module's check (onRampConfigCheck.ts).
    expect(refusal({ fiat_on_ramp_enabled: true })).toBe('accepted');
    // Built (issue #30): cloud backups (modules/cloudBackup, the frame's cloud code).
    expect(
      refusal({ embedded_wallet_config: { user_owned_recovery_options: ['google-drive', 'icloud', 'user-passcode'] } }),
    ).toBe('accepted');
    // SPEC §3 names these without a behaviour (issue #32): on is refused, naming the flag.
    for (const flag of ['twitter_oauth_on_mobile_enabled', 'enforce_wallet_uis', 'legacy_wallet_ui_config'])
      expect(refusal({ [flag]: true })).toMatch(
        new RegExp(`^${flag}: SPEC names this setting but defines no behaviour`),
      );
    // Off (or empty) is what they do today: accepted.
    expect(
      refusal({
        twitter_oauth_on_mobile_enabled: false,
        enforce_wallet_uis: false,
        legacy_wallet_ui_config: false,
        captcha_enabled: false,
        mfa_methods: [],
        fiat_on_ramp_enabled: false,
        embedded_wallet_config: { user_owned_recovery_options: ['user-passcode'] },
      }),
    ).toBe('accepted');
  });

  it('accepts every login method: all sixteen are built (Farcaster last, #31)', () => {
    expect(refusal({ farcaster_auth: true })).toBe('accepted');
    const enabled = Object.values(LOGIN_METHOD_FLAG);
    expect(enabled).toHaveLength(15);
    // The schema alone: whether the app holds each method's credentials is checked where they are stored.
    expect(refusal(Object.fromEntries(enabled.map((flag) => [flag, true])))).toBe('accepted');
  });

  it('MFA: methods are real; requiring MFA (or MFA for signing) needs one; SMS MFA needs SMS countries outside dev', () => {
    expect(refusal({ mfa_methods: ['totp', 'sms', 'passkey'], mfa_required: true, mfa_protects_signing: true })).toBe(
      'accepted',
    );
    expect(refusal({ mfa_required: true })).toMatch(/^mfa_required needs at least one method in mfa_methods/);
    expect(refusal({ mfa_protects_signing: true })).toMatch(/^mfa_protects_signing needs at least one method/);
    // MFA-06: SMS alone cannot be the required factor (phishing, SIM swap); with another method it may stay.
    expect(refusal({ mfa_methods: ['sms'], mfa_required: true })).toMatch(
      /^mfa_required needs a method other than "sms"/,
    );
    expect(refusal({ mfa_methods: ['sms', 'passkey'], mfa_required: true })).toBe('accepted');
    expect(refusal({ mfa_methods: ['sms'] })).toBe('accepted');
    expect(() => parseHostConfigPatch({ mfa_methods: ['email'] })).toThrow(/mfa_methods/);
    expect(() => parseHostConfigPatch({ mfa_methods: ['totp', 'totp'] })).toThrow(/twice/);
    expect(() => parseHostConfigPatch({ mfa_required: 'yes' })).toThrow(/mfa_required/);
    const production = (patch: unknown) => () =>
      assertValidHostConfig(configWith(patch), { requireSmsCountries: true });
    expect(production({ mfa_methods: ['sms'] })).toThrow(/^mfa_methods "sms" needs sms_allowed_countries/);
    expect(production({ mfa_methods: ['sms'], sms_allowed_countries: ['FR'] })).not.toThrow();
    expect(production({ mfa_methods: ['totp'] })).not.toThrow();
  });

  it('only orders enabled methods, each once', () => {
    expect(refusal({ login_methods_and_order: { primary: ['email', 'sms'], overflow: [] } })).toMatch(/"sms"/);
    expect(refusal({ sms_auth: true, login_methods_and_order: { primary: ['email', 'email'], overflow: [] } })).toMatch(
      /twice/,
    );
    expect(refusal({ sms_auth: true, login_methods_and_order: { primary: ['sms'], overflow: ['email'] } })).toBe(
      'accepted',
    );
  });

  it('refuses unknown keys and wrong types naming the field', () => {
    expect(() => parseHostConfigPatch({ sms_auht: true })).toThrow(/sms_auht/);
    expect(() => parseHostConfigPatch({ accent_color: 'blue' })).toThrow(/accent_color/);
    expect(() => parseHostConfigPatch({ embedded_wallet_config: { create_on_login: 'always' } })).toThrow(
      /create_on_login/,
    );
    expect(() => parseHostConfigPatch([])).toThrow(LatchError);
  });

  it('merges nested objects one level deep', () => {
    const merged = mergeHostConfig(configWith({ allowlist_config: { error_title: 'No' } }), {
      allowlist_config: { cta_text: 'Go' },
    });
    expect(merged.allowlist_config).toEqual({ error_title: 'No', error_detail: null, cta_text: 'Go', cta_link: null });
  });
});
