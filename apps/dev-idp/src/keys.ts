import { type GenerateKeyPairResult, generateKeyPair } from 'jose';

/**
 * Key pairs by purpose, generated once per process: RSA generation takes most of a start (about a quarter
 * of a second per key on a busy machine), and a test process may start several stand-ins. Each purpose
 * (a provider's signing key, a custom-issuer key, the "unknown" key) still has a key of its own.
 */
const pairs = new Map<string, Promise<GenerateKeyPairResult>>();

/** The key pair for `purpose` (extractable), made on first use. */
export function keyPairFor(purpose: string, alg: 'RS256' | 'ES256'): Promise<GenerateKeyPairResult> {
  const key = `${alg}:${purpose}`;
  let pair = pairs.get(key);
  if (!pair) {
    pair = generateKeyPair(alg, { extractable: true });
    pairs.set(key, pair);
  }
  return pair;
}
