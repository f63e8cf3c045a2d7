import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MfaCode, MfaVerifyBody, mfaCodeProblem } from './mfaSchemas.js';

describe('MFA code (SPEC §5)', () => {
  it.each([
    ['12a456', 'Passcode can only be numbers'],
    ['1234567', 'Passcode must be exactly 6 numbers'],
    ['12345', 'Passcode must be exactly 6 numbers'],
    ['', 'Passcode must be exactly 6 numbers'],
  ])('%s → %s', (code, message) => {
    expect(mfaCodeProblem(code)).toBe(message);
    const result = v.safeParse(MfaCode, code);
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe(message);
  });

  it('accepts six digits, trimmed', () => {
    expect(mfaCodeProblem(' 123456 ')).toBeNull();
    expect(v.parse(MfaCode, ' 123456 ')).toBe('123456');
  });

  it('refuses a string where a passkey response belongs and a number where a code belongs', () => {
    expect(v.safeParse(MfaVerifyBody, { method: 'passkey', credential: '{}', action: 'export' }).success).toBe(false);
    expect(v.safeParse(MfaVerifyBody, { method: 'totp', mfa_code: 123456, action: 'export' }).success).toBe(false);
    expect(v.safeParse(MfaVerifyBody, { method: 'totp', mfa_code: '123456', action: 'sudo' }).success).toBe(false);
  });
});
