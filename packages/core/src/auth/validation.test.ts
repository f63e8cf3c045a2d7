import { describe, expect, it } from 'vitest';
import { codeDigits, codeSubmitError, codeValidationError, isValidEmail } from './validation.js';

describe('validation (SPEC §5)', () => {
  it('checks the general email format', () => {
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail('  ada@example.co.uk ')).toBe(true);
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com']) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });

  it("says 'Code should be numeric' for a non-numeric code and trims codes", () => {
    expect(codeValidationError('12a456')).toBe('code_not_numeric');
    expect(codeValidationError(' 123456 ')).toBeNull();
    expect(codeValidationError('12345')).toBe('code_wrong_length');
  });

  it('keeps only digits, at most six, when text is typed or pasted', () => {
    expect(codeDigits('12 34-56 78')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(codeDigits('abc')).toEqual([]);
  });

  it("names a refused code's message by SPEC §8 'Code submit' (422, cannot_link_more_of_type with the server's text, else)", () => {
    expect(codeSubmitError({ status: 422, message: 'x' })).toEqual({ code: 'invalid_credentials' });
    expect(codeSubmitError({ code: 'cannot_link_more_of_type', status: 409, message: 'Only one email' })).toEqual({
      code: 'cannot_link_more_of_type',
      message: 'Only one email',
    });
    expect(codeSubmitError({ code: 'internal_error', status: 500, message: 'x' })).toEqual({
      code: 'code_not_verified',
    });
  });
});
