import { OAUTH_RETURN_PARAM } from '@latch/protocol/oauth';
import { describe, expect, it } from 'vitest';
import { browserUrlAccess, RETURN_PARAM, takeReturnParams, type UrlAccess } from './returnParams.js';

function address(href: string | null) {
  const replaced: string[] = [];
  const url: UrlAccess = { href: () => href, replace: (next) => void replaced.push(next) };
  return { url, replaced };
}

describe('return parameters', () => {
  it('reads the hand-off code and OAuth parameters and strips only them from the address', () => {
    const { url, replaced } = address(
      'https://app.test/welcome?tab=2&latch_handoff=fork-1&latch_oauth_code=c0de&latch_oauth_state=st4te&latch_oauth_provider=google#top',
    );
    expect(takeReturnParams(url)).toEqual({
      handOff: 'fork-1',
      oauth: { code: 'c0de', state: 'st4te', provider: 'google', error: null },
    });
    expect(replaced).toEqual(['https://app.test/welcome?tab=2#top']);
  });

  it('leaves an address without Latch parameters untouched', () => {
    const { url, replaced } = address('https://app.test/?tab=2');
    expect(takeReturnParams(url)).toEqual({ handOff: null, oauth: null });
    expect(replaced).toEqual([]);
  });

  it('needs both an OAuth code and a state to report an OAuth return, but strips either', () => {
    const { url, replaced } = address('https://app.test/?latch_oauth_code=c0de');
    expect(takeReturnParams(url).oauth).toBeNull();
    expect(replaced).toEqual(['https://app.test/']);
  });

  it("reads the callback's error return (oauth_user_denied) with its state, and strips it", () => {
    const { url, replaced } = address(
      'https://app.test/?latch_oauth_error=oauth_user_denied&latch_oauth_state=st4te&latch_oauth_provider=github',
    );
    expect(takeReturnParams(url).oauth).toEqual({
      code: null,
      state: 'st4te',
      provider: 'github',
      error: 'oauth_user_denied',
    });
    expect(replaced).toEqual(['https://app.test/']);
  });

  it("uses the server's names for the OAuth parameters (protocol's OAUTH_RETURN_PARAM)", () => {
    expect({
      code: RETURN_PARAM.oauthCode,
      state: RETURN_PARAM.oauthState,
      provider: RETURN_PARAM.oauthProvider,
      error: RETURN_PARAM.oauthError,
    }).toEqual(OAUTH_RETURN_PARAM);
  });

  it('does nothing where there is no address (SSR)', () => {
    expect(typeof location).toBe('undefined');
    expect(takeReturnParams(browserUrlAccess())).toEqual({ handOff: null, oauth: null });
  });
});
