import { describe, expect, it } from 'vitest';
import { sessionTokensFromCookies } from './sessionTokensFromCookies.js';

describe('sessionTokensFromCookies', () => {
  it("reads cookie mode's access and identity tokens from a Cookie header", () => {
    expect(
      sessionTokensFromCookies('theme=dark; latch-token=a.b.c; latch-session=1700000000; latch-identity-token=d.e.f'),
    ).toEqual({
      accessToken: 'a.b.c',
      identityToken: 'd.e.f',
    });
  });

  it('answers null for a request without them', () => {
    expect(sessionTokensFromCookies(undefined)).toEqual({ accessToken: null, identityToken: null });
    expect(sessionTokensFromCookies('latch-token=; other=1')).toEqual({ accessToken: null, identityToken: null });
  });
});
