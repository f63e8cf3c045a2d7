import { createHash } from 'node:crypto';

/** SHA-256 of a high-entropy secret (refresh tokens), hex. Not for passwords or short codes. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
