import { afterEach, describe, expect, it } from 'vitest';
import { watchOtherTabs } from './crossTab.js';

/** Dispatches what the browser sends other tabs when localStorage changes. */
function storageEvent(target: EventTarget, key: string | null, oldValue: string | null, newValue: string | null) {
  target.dispatchEvent(Object.assign(new Event('storage'), { key, oldValue, newValue }));
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
});

describe('watchOtherTabs', () => {
  it('is a no-op without window (SSR)', () => {
    expect(() => watchOtherTabs('k', { signedIn: () => {}, signedOut: () => {} })()).not.toThrow();
  });

  it('reports sign-out and sign-in of the token key in another tab, and stops when asked', () => {
    const target = new EventTarget();
    Object.defineProperty(globalThis, 'window', { value: target, configurable: true });
    const seen: string[] = [];
    const stop = watchOtherTabs('latch:app:token', {
      signedIn: () => seen.push('in'),
      signedOut: () => seen.push('out'),
    });
    storageEvent(target, 'latch:app:token', 'old', null);
    storageEvent(target, 'latch:app:token', null, 'new');
    storageEvent(target, 'latch:app:token', 'new', 'rotated');
    storageEvent(target, 'other', 'x', null);
    storageEvent(target, null, null, null);
    expect(seen).toEqual(['out', 'in', 'out']);
    stop();
    storageEvent(target, 'latch:app:token', 'old', null);
    expect(seen).toHaveLength(3);
  });
});
