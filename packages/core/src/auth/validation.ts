import { LIMIT } from '@latch/protocol';

// General address shape (SPEC §5 "Email is checked for general address format"): one @, a dot in
// the domain, no spaces. The server does the authoritative check.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** True when `email` has the general shape of an address. */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= 320 && EMAIL_SHAPE.test(trimmed);
}

/** The message for a login code, or null when it is acceptable (SPEC §5: trimmed, digits only). */
export function codeValidationMessage(code: string): string | null {
  const trimmed = code.trim();
  if (!/^\d*$/.test(trimmed)) return 'Code should be numeric';
  if (trimmed.length !== LIMIT.codeLength) return `Code should be ${LIMIT.codeLength} digits`;
  return null;
}

/** Keeps only the digits of typed or pasted text, at most one code's length (SPEC §5 code inputs). */
export function codeDigits(text: string): string[] {
  return text.replace(/\D/g, '').slice(0, LIMIT.codeLength).split('').filter(Boolean);
}
