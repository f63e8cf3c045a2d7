import { passwordError as fullPasswordError } from '@latch/protocol/password';

// SPEC §5's rules live once in @latch/protocol/password (the frame applies them too); the widget
// adds what only it needs: silence on an empty field, the generator and the recovery file name.

const SYMBOLS = '!@#$%^&*()-_+';

/** The validation message for a password, or null when it is valid or still empty (nothing said before typing). */
export function passwordError(password: string): string | null {
  return password.length === 0 ? null : fullPasswordError(password);
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
