import { describe, expect, it } from 'vitest';
import { browserUrlAccess, takeReturnParams, type UrlAccess } from './returnParams.js';

function address(href: string | null) {
  const replaced: string[] = [];
  const url: UrlAccess = { href: () => href, replace: (next) => void replaced.push(next) };
  return { url, replaced };
}

describe('return parameters', () => {
  it('reads the session token and OAuth parameters and strips only them from the address', () => {
    const { url, replaced } = address(
      'https://app.test/welcome?tab=2&latch_token=fork-1&latch_oauth_code=c0de&latch_oauth_state=st4te&latch_oauth_provider=google#top',
    );
    expect(takeReturnParams(url)).toEqual({
      sessionToken: 'fork-1',
      oauth: { code: 'c0de', state: 'st4te', provider: 'google' },
    });
    expect(replaced).toEqual(['https://app.test/welcome?tab=2#top']);
  });

  it('leaves an address without Latch parameters untouched', () => {
    const { url, replaced } = address('https://app.test/?tab=2');
    expect(takeReturnParams(url)).toEqual({ sessionToken: null, oauth: null });
    expect(replaced).toEqual([]);
  });

  it('needs both an OAuth code and a state to report an OAuth return, but strips either', () => {
    const { url, replaced } = address('https://app.test/?latch_oauth_code=c0de');
    expect(takeReturnParams(url).oauth).toBeNull();
    expect(replaced).toEqual(['https://app.test/']);
  });

  it('does nothing where there is no address (SSR)', () => {
    expect(typeof location).toBe('undefined');
    expect(takeReturnParams(browserUrlAccess())).toEqual({ sessionToken: null, oauth: null });
  });
});
