import { createHash, timingSafeEqual } from 'node:crypto';

// RFC 7636's S256 check, shared by the OAuth round trip and the session hand-off: both bind a one-time value to
// the tab that started it by a challenge, and spend it only with that tab's verifier.

/** BASE64URL(SHA-256(verifier)) (RFC 7636 §4.2 S256). */
const s256 = (verifier: string) => createHash('sha256').update(verifier, 'utf8').digest('base64url');

/** True when `verifier` hashes to the S256 `challenge` (compared in constant time). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const a = Buffer.from(s256(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
