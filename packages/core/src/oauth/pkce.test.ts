import { OAUTH_LIMIT } from '@latch/protocol/oauth';
import { describe, expect, it } from 'vitest';
import { base64url, codeChallengeOf, createPkce, randomCode } from './pkce.js';

// RFC 7636 Appendix B: the example's 32 random octets, their verifier and its S256 challenge.
const RFC_OCTETS = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91,
  88, 5, 88, 83, 132, 141, 121,
];
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE (RFC 7636 S256)', () => {
  it("encodes Appendix B's octets to its verifier (base64url, no padding)", () => {
    expect(base64url(new Uint8Array(RFC_OCTETS))).toBe(RFC_VERIFIER);
  });

  it("derives Appendix B's challenge from its verifier", async () => {
    await expect(codeChallengeOf(RFC_VERIFIER)).resolves.toBe(RFC_CHALLENGE);
  });

  it('makes a fresh 43-character verifier and state each time, within the server limits', async () => {
    const a = await createPkce();
    const b = await createPkce();
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toBe(await codeChallengeOf(a.verifier));
    const state = randomCode();
    expect(state.length).toBeGreaterThanOrEqual(OAUTH_LIMIT.stateMinLength);
    expect(state).not.toBe(randomCode());
  });
});
