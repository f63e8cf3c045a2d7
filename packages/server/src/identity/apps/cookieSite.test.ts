import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { cookieSiteOf } from './cookieSite.js';

const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof LatchError ? error.code : error;
  }
  return 'accepted';
};

describe('cookieSiteOf (custom_api_url, cookie mode)', () => {
  const prod = { dev: false };

  it('puts the cookies on the allowed origin the API host belongs to, host-only when it is that host', () => {
    expect(cookieSiteOf('https://auth.example.com', ['https://example.com'], prod)).toEqual({
      apiHost: 'auth.example.com',
      domain: 'example.com',
    });
    // The widest site among the allowed origins it belongs to, so every one of them sees the marker.
    expect(
      cookieSiteOf('https://auth.app.example.com/', ['https://app.example.com', 'https://example.com'], prod),
    ).toEqual({ apiHost: 'auth.app.example.com', domain: 'example.com' });
    // The demo: server and page on localhost, two ports, one site.
    expect(cookieSiteOf('http://localhost:8787', ['http://localhost:5173'], prod)).toEqual({
      apiHost: 'localhost:8787',
      domain: undefined,
    });
  });

  it('refuses a value that cannot work with invalid_custom_api_url', () => {
    const origins = ['https://example.com'];
    expect(refused(() => cookieSiteOf('https://auth.other.com', origins, prod))).toBe('invalid_custom_api_url');
    // "notexample.com" ends with "example.com" but is another site.
    expect(refused(() => cookieSiteOf('https://notexample.com', origins, prod))).toBe('invalid_custom_api_url');
    expect(refused(() => cookieSiteOf('http://auth.example.com', origins, prod))).toBe('invalid_custom_api_url');
    expect(refused(() => cookieSiteOf('https://auth.example.com/api', origins, prod))).toBe('invalid_custom_api_url');
    expect(refused(() => cookieSiteOf('not a url', origins, prod))).toBe('invalid_custom_api_url');
    expect(refused(() => cookieSiteOf('https://auth.example.com', [], prod))).toBe('invalid_custom_api_url');
    // Dev mode (a LAN address) allows plain http, like the allowed origins.
    expect(refused(() => cookieSiteOf('http://auth.example.com', origins, { dev: true }))).toBe('accepted');
  });
});
