import { describe, expect, it } from 'vitest';
import { isMobileBrowser, isMobileDevice } from './isMobileDevice.js';

describe('isMobileDevice', () => {
  it('reads mobile user agents', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
    expect(isMobileDevice({ userAgent: iphone })).toBe(true);
    expect(isMobileDevice({ userAgent: android })).toBe(true);
    expect(isMobileDevice({ userAgent: desktop, viewportWidth: 1280 })).toBe(false);
  });

  it('counts a touch screen up to the 440 px breakpoint as mobile, a narrow desktop window not', () => {
    const agent = 'Mozilla/5.0 (Macintosh) Safari';
    expect(isMobileDevice({ userAgent: agent, viewportWidth: 440, touch: true })).toBe(true);
    expect(isMobileDevice({ userAgent: agent, viewportWidth: 441, touch: true })).toBe(false);
    expect(isMobileDevice({ userAgent: agent, viewportWidth: 400, touch: false })).toBe(false);
  });

  it('is false without a browser (SSR)', () => {
    expect(isMobileBrowser()).toBe(false);
  });
});
