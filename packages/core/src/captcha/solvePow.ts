import type { CaptchaChallenge } from '@latch/protocol/captcha';
import { sha256Words } from './sha256.js';

/**
 * Finds the number n in `from`..`to` (inclusive, clipped to the challenge's maxnumber) with
 * SHA-256(salt + n) = challenge (ALTCHA v1), else null. Synchronous: run it in a worker, or in slices.
 */
export function solvePow(
  challenge: Pick<CaptchaChallenge, 'challenge' | 'salt' | 'maxnumber'>,
  from = 0,
  to = challenge.maxnumber,
): number | null {
  const target = new Uint32Array(8);
  for (let i = 0; i < 8; i++) target[i] = Number.parseInt(challenge.challenge.slice(i * 8, i * 8 + 8), 16);
  const digest = new Uint32Array(8);
  const last = Math.min(to, challenge.maxnumber);
  for (let n = from; n <= last; n++) {
    sha256Words(challenge.salt + n, digest);
    if (digest[0] === target[0] && digest.every((word, i) => word === target[i])) return n;
  }
  return null;
}
