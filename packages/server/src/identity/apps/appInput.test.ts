import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { normaliseOrigin } from './appInput.js';

const refusal = (origin: string, dev = false): string => {
  try {
    return `accepted ${normaliseOrigin(origin, { dev })}`;
  } catch (error) {
    if (error instanceof LatchError && error.code === 'invalid_data') return error.message;
    throw error;
  }
};

describe('allowed origins', () => {
  it('refuses wildcards in production and in dev mode', () => {
    for (const dev of [false, true]) {
      expect(refusal('https://*.example.com', dev)).toMatch(/wildcard/);
      expect(refusal('https://app.*.example.com', dev)).toMatch(/wildcard/);
      expect(refusal('http://*.localhost:5173', dev)).toMatch(/wildcard/);
    }
  });

  it('refuses plain http on a host other than this machine outside dev mode', () => {
    expect(refusal('http://app.example.com')).toMatch(/plain http; use https/);
    expect(refusal('http://192.168.1.20:5173')).toMatch(/plain http/);
    expect(refusal('http://localhost.example.com')).toMatch(/plain http/);
    expect(refusal('http://app.example.com', true)).toBe('accepted http://app.example.com');
  });

  it('accepts https anywhere and http on loopback hosts', () => {
    expect(refusal('https://app.example.com/')).toBe('accepted https://app.example.com');
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080']) {
      expect(refusal(origin)).toBe(`accepted ${origin}`);
    }
  });

  it('still refuses paths and non-origins', () => {
    expect(refusal('https://app.example.com/login')).toMatch(/no path/);
    expect(refusal('not an origin')).toMatch(/not a URL origin/);
  });
});
