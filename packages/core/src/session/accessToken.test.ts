import { TIMEOUT } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { makeAccessToken } from '../testing/tokens.js';
import { hasAudience, isTokenActive, readClaims } from './accessToken.js';

const APP_ID = 'a'.repeat(25);
const NOW = 1_700_000_000_000;
const nowSeconds = NOW / 1000;

describe('access token rules', () => {
  it('counts a token as expired 30 s before its expiry', () => {
    const margin = TIMEOUT.tokenExpiryMargin / 1000;
    expect(isTokenActive(makeAccessToken({ aud: APP_ID, expSeconds: nowSeconds + margin + 1 }), NOW)).toBe(true);
    expect(isTokenActive(makeAccessToken({ aud: APP_ID, expSeconds: nowSeconds + margin }), NOW)).toBe(false);
    expect(isTokenActive(makeAccessToken({ aud: APP_ID, expSeconds: nowSeconds + 10 }), NOW)).toBe(false);
  });

  it('treats an unreadable token as inactive', () => {
    expect(isTokenActive('not-a-jwt', NOW)).toBe(false);
    expect(readClaims('not-a-jwt')).toBeNull();
  });

  it('checks the audience against the app id', () => {
    const token = makeAccessToken({ aud: APP_ID, expSeconds: nowSeconds + 3600 });
    expect(hasAudience(token, APP_ID)).toBe(true);
    expect(hasAudience(token, 'b'.repeat(25))).toBe(false);
  });
});
