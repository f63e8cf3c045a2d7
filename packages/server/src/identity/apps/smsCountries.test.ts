import { getCountries } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { isSmsCountry, SMS_COUNTRIES } from './smsCountries.js';

describe('SMS_COUNTRIES', () => {
  it('lists exactly the regions the installed libphonenumber-js knows (update the list when it changes)', () => {
    expect([...SMS_COUNTRIES].sort()).toEqual([...getCountries()].sort());
  });

  it('accepts upper-case region codes only', () => {
    expect(isSmsCountry('US')).toBe(true);
    expect(isSmsCountry('XK')).toBe(true);
    for (const code of ['us', 'USA', 'U', '', 'ZZ', 'EU', ' US']) expect(isSmsCountry(code)).toBe(false);
  });
});
