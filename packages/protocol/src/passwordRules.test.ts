import { describe, expect, it } from 'vitest';
import {
  canContinueWithPassword,
  confirmPasswordError,
  invalidPasswordCharacters,
  passwordComplexity,
  passwordError,
  passwordStrength,
} from './passwordRules.js';

describe('password validation (SPEC §5)', () => {
  it('requires at least 6 characters', () => {
    expect(passwordError('abc12')).toBe('Password must be at least 6 characters');
    expect(passwordError('abc123')).toBeNull();
  });

  it('accepts letters, digits and every allowed symbol', () => {
    expect(passwordError('aZ09!@#$%^&*()-_+')).toBeNull();
  });

  it('lists the offending characters, once each, with a space shown as SPACE', () => {
    expect(passwordError('my pass word?')).toBe('Invalid characters used ( SPACE ? )');
    expect(passwordError('abcdef=')).toBe('Invalid characters used ( = )');
    expect(passwordError('é')).toBe('Invalid characters used ( é )');
    expect(invalidPasswordCharacters('a.b.c,d')).toEqual(['.', ',']);
  });

  it('disables Continue for an empty or invalid password', () => {
    expect(canContinueWithPassword('')).toBe(false);
    expect(canContinueWithPassword('abc')).toBe(false);
    expect(canContinueWithPassword('abc def')).toBe(false);
    expect(canContinueWithPassword('abcdef')).toBe(true);
  });

  it("shows 'Passwords do not match' only after the field is touched", () => {
    expect(confirmPasswordError('abcdef', 'abcdeg', false)).toBeNull();
    expect(confirmPasswordError('abcdef', 'abcdeg', true)).toBe('Passwords do not match');
    expect(confirmPasswordError('abcdef', 'abcdef', true)).toBeNull();
  });
});

describe('password strength (SPEC §5)', () => {
  it('counts character classes, and is zero under 8 characters', () => {
    expect(passwordComplexity('aB3!xyz')).toBe(0);
    expect(passwordComplexity('abcdefgh')).toBe(0.25);
    expect(passwordComplexity('abcdEFGH')).toBe(0.5);
    expect(passwordComplexity('abcdEF12')).toBe(0.75);
    expect(passwordComplexity('abcdEF1!')).toBe(1);
  });

  it('averages complexity and the generic estimate: Medium above 0.5, Strong above 0.9', () => {
    expect(passwordStrength('abcdEF1!', 0)).toEqual({ score: 0.5, label: 'Weak' });
    expect(passwordStrength('abcdEF1!', 0.25).label).toBe('Medium');
    expect(passwordStrength('abcdEF1!', 0.75)).toEqual({ score: 0.875, label: 'Medium' });
    expect(passwordStrength('abcdEF1!', 1)).toEqual({ score: 1, label: 'Strong' });
    expect(passwordStrength('short', 1)).toEqual({ score: 0.5, label: 'Weak' });
  });
});
