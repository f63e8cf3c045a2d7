import { LatchError } from '@latch/protocol';
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

  it("needs the 't:' prefix on a captcha site key", () => {
    expect(refusal({ captcha_site_key: 'abc' })).toBe('Unsupported captcha site key');
    expect(refusal({ captcha_enabled: true, captcha_site_key: 't:abc' })).toBe('accepted');
    expect(refusal({ captcha_enabled: true })).toMatch(/captcha_site_key/);
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
