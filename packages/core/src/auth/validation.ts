import { LIMIT } from '@latch/protocol';
import type { FlowMessage, FlowMessageCode } from '../machine/flowMessage.js';

// General address shape (SPEC §5 "Email is checked for general address format"): one @, a dot in
// the domain, no spaces. The server does the authoritative check.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** True when `email` has the general shape of an address. */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= 320 && EMAIL_SHAPE.test(trimmed);
}

/** What is wrong with a login code, or null when it is acceptable (SPEC §5: trimmed, digits only). */
export function codeValidationError(code: string): FlowMessageCode | null {
  const trimmed = code.trim();
  if (!/^\d*$/.test(trimmed)) return 'code_not_numeric';
  if (trimmed.length !== LIMIT.codeLength) return 'code_wrong_length';
  return null;
}

/** SPEC §8 "Code submit": the message for a refused code (422, cannot_link_more_of_type, else). */
export function codeSubmitError(error: { code?: string; status?: number; message: string }): FlowMessage {
  if (error.status === 422 || error.code === 'invalid_credentials') return { code: 'invalid_credentials' };
  if (error.code === 'cannot_link_more_of_type') return { code: 'cannot_link_more_of_type', message: error.message };
  return { code: 'code_not_verified' };
}

/** Keeps only the digits of typed or pasted text, at most one code's length (SPEC §5 code inputs). */
export function codeDigits(text: string): string[] {
  return text.replace(/\D/g, '').slice(0, LIMIT.codeLength).split('').filter(Boolean);
}
