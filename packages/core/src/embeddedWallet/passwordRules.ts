import { LIMIT, PASSWORD_STRENGTH } from '@latch/protocol';

// The same SPEC §5 rules the wallet frame enforces (wallet-frame/src/recovery/passwordRules.ts): the
// widget validates as the user types, the frame again before it derives a key. Core may not import
// the frame package (DESIGN §1), so the rules live in both; their tests pin the same cases.

/** SPEC §5 "Wallet password" texts, word for word. */
export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 6 characters',
  mismatch: 'Passwords do not match',
} as const;

// SPEC §5: letters, digits and !@#$%^&*()-_+ ("letters" read as ASCII letters; see docs/custody.md).
const ALLOWED = /^[A-Za-z0-9!@#$%^&*()\-_+]$/;
const SYMBOLS = '!@#$%^&*()-_+';
const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[!@#$%^&*()\-_+]/];

/** The characters of `password` that are not allowed, each once, in order of first use. */
export function invalidPasswordCharacters(password: string): string[] {
  return [...new Set([...password].filter((c) => !ALLOWED.test(c)))];
}

/** The SPEC text listing the offending characters, a space shown as SPACE. */
export function invalidCharactersMessage(characters: readonly string[]): string {
  return `Invalid characters used ( ${characters.map((c) => (c === ' ' ? 'SPACE' : c)).join(' ')} )`;
}

/** The validation message for a password, or null when it is valid (or still empty). Invalid characters first. */
export function passwordError(password: string): string | null {
  if (password.length === 0) return null;
  const invalid = invalidPasswordCharacters(password);
  if (invalid.length > 0) return invalidCharactersMessage(invalid);
  if ([...password].length < LIMIT.passwordMinLength) return PASSWORD_MESSAGES.tooShort;
  return null;
}

/** Continue is enabled only for a non-empty, valid password (SPEC §5). */
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
  return CLASSES.filter((re) => re.test(password)).length / 4;
}

/** Password strength label (SPEC §5). */
export type PasswordStrengthLabel = 'Weak' | 'Medium' | 'Strong';

/** A scored password: the average of complexity and the generic estimate, and its label. */
export interface PasswordStrength {
  score: number;
  label: PasswordStrengthLabel;
}

/** SPEC §5: score = (complexity + generic estimate 0..1) / 2; Medium above 0.5, Strong above 0.9. */
export function passwordStrength(password: string, genericEstimate: number): PasswordStrength {
  const estimate = Math.min(Math.max(genericEstimate, 0), 1);
  const score = (passwordComplexity(password) + estimate) / 2;
  const label = score > PASSWORD_STRENGTH.strong ? 'Strong' : score > PASSWORD_STRENGTH.medium ? 'Medium' : 'Weak';
  return { score, label };
}

/** Length of a generated password: long enough for a Strong score with every class. */
export const GENERATED_PASSWORD_LENGTH = 20;
const ALPHABETS = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', SYMBOLS];

/**
 * A random valid password from `random` (uniform bytes, e.g. crypto.getRandomValues): every class at
 * least once, the rest from all classes, shuffled; look-alike characters (l, 1, I, O, 0, o) left out.
 */
export function generatePassword(random: (length: number) => Uint8Array): string {
  const all = ALPHABETS.join('');
  // Rejection sampling keeps every pick uniform (no modulo bias).
  const bytes: number[] = [];
  const index = (size: number): number => {
    const limit = 256 - (256 % size);
    for (;;) {
      if (bytes.length === 0) bytes.push(...random(64));
      const byte = bytes.pop() as number;
      if (byte < limit) return byte % size;
    }
  };
  const pick = (alphabet: string): string => alphabet[index(alphabet.length)] as string;
  const chars = ALPHABETS.map(pick);
  while (chars.length < GENERATED_PASSWORD_LENGTH) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = index(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/**
 * SPEC §9: the recovery file is named after the app, lowercased and hyphenated, plus the product's
 * 'wallet-recovery.txt' suffix: 'Wallet Co' → 'wallet-co-latch-wallet-recovery.txt'.
 */
export function recoveryFileName(appName: string): string {
  const slug = appName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug ? `${slug}-` : ''}latch-wallet-recovery.txt`;
}
