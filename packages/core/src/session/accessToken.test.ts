import { TIMEOUT } from '@latch/protocol';
import { decodeJwt } from 'jose';
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

  // readClaims decodes by hand (to keep jose out of the initial JavaScript); jose's decodeJwt is the reference.
  it('reads exactly the tokens that jose decodeJwt reads, with the same claims', () => {
    const b64u = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    const header = b64u('{"alg":"none"}');
    const token = (payload: string) => `${header}.${payload}.`;
    const cases = [
      makeAccessToken({ aud: APP_ID, expSeconds: nowSeconds + 3600 }),
      token(b64u('{"aud":["x","y"],"name":"Zoë ✓","exp":1}')),
      token(b64u('{"a":1}').replace(/=+$/, '')),
      token(b64u('[1,2]')),
      token(b64u('null')),
      token(b64u('42')),
      token(b64u('not json')),
      token(Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')),
      token('a+b/'),
      token('!!!'),
      `${header}..`,
      `${header}.${b64u('{}')}`,
      `${header}.${b64u('{}')}.x.y.z`,
      'not-a-jwt',
      '',
    ];
    const jose = (value: string) => {
      try {
        return decodeJwt(value);
      } catch {
        return null;
      }
    };
    for (const value of cases) expect(readClaims(value), value).toEqual(jose(value));
    expect(readClaims(cases[1] as string)).toEqual({ aud: ['x', 'y'], name: 'Zoë ✓', exp: 1 });
  });
});
