import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber } from './normalisePhoneNumber.js';

describe('normalisePhoneNumber', () => {
  it('returns E.164 for valid numbers in international form, however they are typed', async () => {
    expect(await normalisePhoneNumber('+1 (415) 555-0100')).toBe('+14155550100');
    expect(await normalisePhoneNumber(' +14155550100 ')).toBe('+14155550100');
    expect(await normalisePhoneNumber('+49 151 12345678')).toBe('+4915112345678');
    expect(await normalisePhoneNumber('+33 6 12 34 56 78')).toBe('+33612345678');
  });

  it.each([
    ['no country code', '4155550100'],
    ['too short', '+1 415 555'],
    ['unknown country', '+999123456'],
    ['an extension', '+1 415 555 0100 ext. 7'],
    ['not a number', 'call me maybe'],
    ['empty', ''],
  ])('refuses %s with 400 invalid_data', async (_label, input) => {
    try {
      await normalisePhoneNumber(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LatchError);
      expect((error as LatchError).code).toBe('invalid_data');
      expect((error as LatchError).status).toBe(400);
    }
  });
});
