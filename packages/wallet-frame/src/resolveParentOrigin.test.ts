import { describe, expect, it } from 'vitest';
import { resolveParentOrigin } from './resolveParentOrigin.js';

const allowedOrigins = ['https://app.example', 'http://localhost:5173'];

describe('resolveParentOrigin', () => {
  it('takes the origin of the referrer when it is allowed', () => {
    expect(resolveParentOrigin({ allowedOrigins, referrer: 'https://app.example/some/page?x=1' })).toBe(
      'https://app.example',
    );
    expect(resolveParentOrigin({ allowedOrigins, referrer: 'http://localhost:5173/' })).toBe('http://localhost:5173');
  });

  it('prefers the browser-reported ancestor origin over the referrer', () => {
    expect(
      resolveParentOrigin({
        allowedOrigins,
        referrer: 'https://app.example/',
        ancestorOrigins: ['https://evil.example'],
      }),
    ).toBeNull();
    expect(resolveParentOrigin({ allowedOrigins, referrer: '', ancestorOrigins: ['http://localhost:5173'] })).toBe(
      'http://localhost:5173',
    );
  });

  it('answers no one for an unknown, look-alike, empty or opaque parent', () => {
    for (const referrer of [
      'https://evil.example/',
      'https://app.example.evil.example/',
      'http://app.example/',
      '',
      'data:text/html,hi',
    ]) {
      expect(resolveParentOrigin({ allowedOrigins, referrer })).toBeNull();
    }
    expect(resolveParentOrigin({ allowedOrigins: [], referrer: 'https://app.example/' })).toBeNull();
  });
});
