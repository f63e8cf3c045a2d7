import { describe, expect, it } from 'vitest';
import { verifierMatches } from './verifierMatches.js';

// RFC 7636 Appendix B's example pair.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('verifierMatches', () => {
  it("takes RFC 7636's S256 example and refuses any other verifier or challenge", () => {
    expect(verifierMatches(VERIFIER, CHALLENGE)).toBe(true);
    expect(verifierMatches(`${VERIFIER}x`, CHALLENGE)).toBe(false);
    expect(verifierMatches(VERIFIER, CHALLENGE.slice(1))).toBe(false);
    expect(verifierMatches(CHALLENGE, CHALLENGE)).toBe(false);
  });
});
