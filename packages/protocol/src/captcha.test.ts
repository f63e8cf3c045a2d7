import { describe, expect, it } from 'vitest';
import { CAPTCHA_POW, parseCaptchaSiteKey } from './captcha.js';

describe('parseCaptchaSiteKey', () => {
  it("reads SPEC's 't:' prefix as Turnstile with the key after it", () => {
    expect(parseCaptchaSiteKey('t:1x00000000000000000000AA')).toEqual({
      provider: 'turnstile',
      siteKey: '1x00000000000000000000AA',
    });
  });

  it('reads no site key, `pow:` and `pow:<n>` as the self-hosted proof-of-work', () => {
    expect(parseCaptchaSiteKey(null)).toEqual({ provider: 'pow', maxNumber: CAPTCHA_POW.defaultMaxNumber });
    expect(parseCaptchaSiteKey('pow:')).toEqual({ provider: 'pow', maxNumber: CAPTCHA_POW.defaultMaxNumber });
    expect(parseCaptchaSiteKey('pow:250000')).toEqual({ provider: 'pow', maxNumber: 250_000 });
  });

  it('refuses unknown prefixes, empty Turnstile keys and out-of-range or malformed difficulties', () => {
    for (const key of [
      '',
      'hcaptcha:abc',
      'T:abc',
      't:',
      't:has space',
      'pow:abc',
      'pow:0',
      'pow:-5',
      'pow:1e6',
      'pow:0100000',
      `pow:${CAPTCHA_POW.minMaxNumber - 1}`,
      `pow:${CAPTCHA_POW.maxMaxNumber + 1}`,
    ])
      expect(parseCaptchaSiteKey(key), key).toEqual({ provider: 'unsupported' });
  });
});
