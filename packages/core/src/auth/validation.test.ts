import { describe, expect, it } from 'vitest';
import { codeDigits, codeValidationMessage, isValidEmail } from './validation.js';

describe('validation (SPEC §5)', () => {
  it('checks the general email format', () => {
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail('  ada@example.co.uk ')).toBe(true);
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com']) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });

  it("says 'Code should be numeric' for a non-numeric code and trims codes", () => {
    expect(codeValidationMessage('12a456')).toBe('Code should be numeric');
    expect(codeValidationMessage(' 123456 ')).toBeNull();
    expect(codeValidationMessage('12345')).toBe('Code should be 6 digits');
  });

  it('keeps only digits, at most six, when text is typed or pasted', () => {
    expect(codeDigits('12 34-56 78')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(codeDigits('abc')).toEqual([]);
  });
});
