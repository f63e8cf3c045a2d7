import { describe, expect, it } from 'vitest';
import { issuerMatches } from './responseIssuer.js';

describe('issuerMatches (RFC 9207 iss)', () => {
  const oidc = { issuer: 'https://accounts.google.com', authorization: 'https://accounts.google.com/o/oauth2/v2/auth' };
  const plain = { authorization: 'https://idp.example/github/login/oauth/authorize' };

  it('passes an absent iss, and a declared issuer only exactly', () => {
    expect(issuerMatches(undefined, oidc as never)).toBe(true);
    expect(issuerMatches('https://accounts.google.com', oidc as never)).toBe(true);
    expect(issuerMatches('https://accounts.google.com/', oidc as never)).toBe(false);
    expect(issuerMatches('https://evil.example', oidc as never)).toBe(false);
  });

  it('without a declared issuer: the authorization endpoint’s origin and a whole-segment path prefix', () => {
    for (const iss of ['https://idp.example', 'https://idp.example/github', 'https://idp.example/github/']) {
      expect(issuerMatches(iss, plain as never), iss).toBe(true);
    }
    for (const iss of ['https://idp.example/git', 'https://idp.example/google', 'http://idp.example/github', 'x']) {
      expect(issuerMatches(iss, plain as never), iss).toBe(false);
    }
  });
});
