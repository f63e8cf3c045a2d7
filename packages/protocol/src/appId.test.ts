import { describe, expect, it } from 'vitest';
import { isAppId } from './appId.js';
import { LIMIT } from './constants.js';

describe('isAppId', () => {
  it('accepts a string of the app id length only', () => {
    expect(isAppId('a'.repeat(LIMIT.appIdLength))).toBe(true);
    expect(isAppId('a'.repeat(LIMIT.appIdLength - 1))).toBe(false);
    expect(isAppId('a'.repeat(LIMIT.appIdLength + 1))).toBe(false);
    expect(isAppId(undefined)).toBe(false);
    expect(isAppId(42)).toBe(false);
  });
});
