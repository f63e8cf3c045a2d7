import { mfaCodeProblem } from '@latch/protocol/schemas';
import { describe, expect, it } from 'vitest';
import { isBlockingMfaError, mfaCodeError, toMfaErrorCode } from './mfaErrors.js';

describe('MFA error codes', () => {
  it("mfaCodeError is protocol's mfaCodeProblem (SPEC §5), as codes", () => {
    const text = {
      mfa_code_not_numeric: 'Passcode can only be numbers',
      mfa_code_wrong_length: 'Passcode must be exactly 6 numbers',
    };
    for (const code of [
      '',
      '1',
      '12345',
      '123456',
      ' 123456 ',
      '1234567',
      '12a456',
      '１２３４５６',
      '12 456',
      '-12345',
      'abcdef',
    ]) {
      const error = mfaCodeError(code);
      expect(error === null ? null : text[error]).toBe(mfaCodeProblem(code));
    }
  });

  it('maps server, frame and WebAuthn errors to what the screens show; only two block', () => {
    expect(toMfaErrorCode('missing_or_invalid_mfa')).toBe('mfa_invalid_code');
    expect(toMfaErrorCode('NotAllowedError')).toBe('passkey_not_allowed');
    expect(toMfaErrorCode('mfa_timeout')).toBe('mfa_timeout');
    expect(toMfaErrorCode('internal_error')).toBe('mfa_unknown_error');
    expect(toMfaErrorCode(undefined)).toBe('mfa_unknown_error');
    expect(isBlockingMfaError('mfa_timeout')).toBe(true);
    expect(isBlockingMfaError('mfa_verification_max_attempts_reached')).toBe(true);
    expect(isBlockingMfaError('mfa_invalid_code')).toBe(false);
  });
});
