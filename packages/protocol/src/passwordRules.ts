import { LIMIT, PASSWORD_STRENGTH } from './constants.js';

// `@latch/protocol/password`: SPEC §5's wallet password rules, one copy for the widget (which
// validates as the user types) and the wallet frame (which validates again before deriving a key).
// A separate entry, not re-exported by the index, so it stays out of a host page's initial JS.

/** SPEC §5 "Wallet password" texts, word for word. */
export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 6 characters',
  mismatch: 'Passwords do not match',
} as const;

// SPEC §5: letters, digits and !@#$%^&*()-_+ ("letters" read as ASCII letters; see docs/custody.md).
const ALLOWED = /^[A-Za-z0-9!@#$%^&*()\-_+]$/;
const SYMBOL = /[!@#$%^&*()\-_+]/;

/** The characters of `password` that are not allowed, each once, in order of first use. */
export function invalidPasswordCharacters(password: string): string[] {
  return [...new Set([...password].filter((c) => !ALLOWED.test(c)))];
}

/** The SPEC text listing the offending characters, a space shown as SPACE. */
export function invalidCharactersMessage(characters: readonly string[]): string {
  return `Invalid characters used ( ${characters.map((c) => (c === ' ' ? 'SPACE' : c)).join(' ')} )`;
}

/** The validation message for a password, or null when it is valid. Invalid characters are reported first. */
export function passwordError(password: string): string | null {
  const invalid = invalidPasswordCharacters(password);
  if (invalid.length > 0) return invalidCharactersMessage(invalid);
  if ([...password].length < LIMIT.passwordMinLength) return PASSWORD_MESSAGES.tooShort;
  return null;
}

/** Continue is enabled only for a non-empty, valid password. */
export function canContinueWithPassword(password: string): boolean {
  return password.length > 0 && passwordError(password) === null;
}

/** The confirm-step message: null while untouched or matching, else 'Passwords do not match'. */
export function confirmPasswordError(password: string, confirmation: string, touched: boolean): string | null {
  if (!touched || password === confirmation) return null;
  return PASSWORD_MESSAGES.mismatch;
}

/** The complexity part of the strength score: share of the 4 character classes used, 0 under 8 characters. */
export function passwordComplexity(password: string): number {
  if ([...password].length < LIMIT.passwordComplexityMinLength) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, SYMBOL].filter((re) => re.test(password)).length;
  return classes / 4;
}

/** Password strength label (SPEC §5). */
export type PasswordStrengthLabel = 'Weak' | 'Medium' | 'Strong';

/** A scored password: the average of complexity and the generic estimate, and its label. */
export interface PasswordStrength {
  score: number;
  label: PasswordStrengthLabel;
}

/**
 * SPEC §5: the score averages the complexity part and a generic strength estimate (0..1, e.g. a
 * zxcvbn score / 4); Medium above 0.5, Strong above 0.9.
 */
export function passwordStrength(password: string, genericEstimate: number): PasswordStrength {
  const estimate = Math.min(Math.max(genericEstimate, 0), 1);
  const score = (passwordComplexity(password) + estimate) / 2;
  const label = score > PASSWORD_STRENGTH.strong ? 'Strong' : score > PASSWORD_STRENGTH.medium ? 'Medium' : 'Weak';
  return { score, label };
}
