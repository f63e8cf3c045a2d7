import { describe, expect, it } from 'vitest';
import { frameParentOrigin, readFrameConfig, resolveParentOrigin } from './frame.js';

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

describe('frameParentOrigin', () => {
  const top = {};
  const frame = {};
  const win = (referrer: string, parent: unknown = top) => ({
    self: frame,
    parent,
    top,
    document: { referrer },
    location: {},
  });

  it('answers the allowed parent of a page framed once', () => {
    expect(frameParentOrigin(win('https://app.example/page'), { allowedOrigins })).toBe('https://app.example');
  });

  it('refuses a page that is not framed, framed deeper, or framed by an origin the app does not allow', () => {
    expect(frameParentOrigin(win('https://app.example/', frame), { allowedOrigins })).toBe('not_framed_once');
    expect(frameParentOrigin(win('https://app.example/', {}), { allowedOrigins })).toBe('not_framed_once');
    expect(frameParentOrigin(win('https://evil.example/'), { allowedOrigins })).toBe('unknown_parent');
  });
});

describe('readFrameConfig', () => {
  const docWith = (text: string | null) => ({
    getElementById: (id: string) => (id === 'latch-frame-config' ? { textContent: text } : null),
  });

  it('reads the JSON the server rendered, and nothing from a missing or broken element', () => {
    expect(readFrameConfig(docWith('{"appId":"a"}'))).toEqual({ appId: 'a' });
    expect(readFrameConfig(docWith(null))).toBeNull();
    expect(readFrameConfig(docWith('{not json'))).toBeNull();
  });
});
