import { describe, expect, it } from 'vitest';
import { loadPhoneLib, readPhone } from './PhoneInput.js';

describe('phone input reading (SPEC §3 "Phone input result", §5)', () => {
  it('submits a valid national number in E.164 for its country', async () => {
    const lib = await loadPhoneLib();
    expect(readPhone(lib, '2015550123', 'US')).toEqual({
      rawPhoneNumber: '2015550123',
      qualifiedPhoneNumber: '+12015550123',
      countryCode: 'US',
      isValid: true,
    });
    expect(readPhone(lib, '0612345678', 'FR').qualifiedPhoneNumber).toBe('+33612345678');
  });

  it('is not valid until the number is complete and possible for the country', async () => {
    const lib = await loadPhoneLib();
    expect(readPhone(lib, '20155', 'US').isValid).toBe(false);
    expect(readPhone(lib, '5555550123', 'US').isValid).toBe(false);
    expect(readPhone(lib, '', 'US')).toMatchObject({ isValid: false, qualifiedPhoneNumber: '' });
  });

  it('formats as typed with the country rules', async () => {
    const lib = await loadPhoneLib();
    expect(new lib.AsYouType('US').input('2015550123')).toBe('(201) 555-0123');
  });
});
