import {
  canContinueWithPassword,
  confirmPasswordError,
  passwordComplexity,
  passwordStrength,
} from '@latch/protocol/password';
import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_LENGTH, generatePassword, passwordError, recoveryFileName } from './passwordRules.js';

// The shared SPEC §5 rules are tested in protocol/src/passwordRules.test.ts; these are the widget's view of them.
describe('wallet password rules in the widget (SPEC §5)', () => {
  it('says nothing for an empty field, and requires at least 6 characters', () => {
    expect(passwordError('')).toBeNull();
    expect(passwordError('abc12')).toBe('Password must be at least 6 characters');
    expect(passwordError('abc123')).toBeNull();
    expect(passwordError('aZ09!@#$%^&*()-_+')).toBeNull();
  });

  it('lists the offending characters once each, a space as SPACE, before the length rule', () => {
    expect(passwordError('my pass word?')).toBe('Invalid characters used ( SPACE ? )');
    expect(passwordError('a=')).toBe('Invalid characters used ( = )');
    expect(passwordError('é')).toBe('Invalid characters used ( é )');
  });

  it('enables Continue only for a non-empty valid password; confirm mismatch only once touched', () => {
    expect(canContinueWithPassword('')).toBe(false);
    expect(canContinueWithPassword('abc def')).toBe(false);
    expect(canContinueWithPassword('abcdef')).toBe(true);
    expect(confirmPasswordError('abcdef', 'abcdeg', false)).toBeNull();
    expect(confirmPasswordError('abcdef', 'abcdeg', true)).toBe('Passwords do not match');
  });

  it('scores (complexity + estimate) / 2 with complexity zero under 8: Medium > 0.5, Strong > 0.9', () => {
    expect(passwordComplexity('aB3!xyz')).toBe(0);
    expect(passwordComplexity('abcdEF12')).toBe(0.75);
    expect(passwordStrength('abcdEF1!', 0)).toEqual({ score: 0.5, label: 'Weak' });
    expect(passwordStrength('abcdEF1!', 0.25).label).toBe('Medium');
    expect(passwordStrength('abcdEF1!', 0.75)).toEqual({ score: 0.875, label: 'Medium' });
    expect(passwordStrength('abcdEF1!', 1)).toEqual({ score: 1, label: 'Strong' });
  });
});

describe('generated password', () => {
  const counter = () => {
    let n = 0;
    return (length: number) => Uint8Array.from({ length }, () => (n++ * 37) % 256);
  };

  it('is valid, 20 characters, and uses every class', () => {
    for (let seed = 0; seed < 20; seed += 1) {
      const bytes = crypto.getRandomValues.bind(crypto);
      const password = generatePassword((n) => bytes(new Uint8Array(n)));
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(passwordError(password)).toBeNull();
      expect(passwordComplexity(password)).toBe(1);
    }
    expect(generatePassword(counter())).toBe(generatePassword(counter()));
  });
});

describe('recovery file name (SPEC §9)', () => {
  it('is the app name lowercased and hyphenated, plus the product suffix', () => {
    expect(recoveryFileName('Wallet Co')).toBe('wallet-co-latch-wallet-recovery.txt');
    expect(recoveryFileName('  My  App! ')).toBe('my-app-latch-wallet-recovery.txt');
    expect(recoveryFileName('')).toBe('latch-wallet-recovery.txt');
  });
});
