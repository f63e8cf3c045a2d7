import { afterEach, describe, expect, it } from 'vitest';
import { defaultStorage, localStorageStorage, memoryStorage } from './storage.js';

/** A minimal Web Storage stand-in, installed as the global localStorage for one test. */
function installLocalStorage(options: { refuseWrites?: boolean } = {}) {
  const values = new Map<string, string>();
  const local = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (options.refuseWrites) throw new DOMException('quota', 'QuotaExceededError');
      values.set(key, value);
    },
    removeItem: (key: string) => void values.delete(key),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: local, configurable: true });
  return values;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('storage', () => {
  it('memory storage gets, sets and removes', () => {
    const storage = memoryStorage();
    expect(storage.get('k')).toBeNull();
    storage.set('k', 'v');
    expect(storage.get('k')).toBe('v');
    storage.remove('k');
    expect(storage.get('k')).toBeNull();
  });

  it('localStorage storage is null without localStorage (SSR) and the default falls back to memory', () => {
    expect(localStorageStorage()).toBeNull();
    const storage = defaultStorage();
    storage.set('k', 'v');
    expect(storage.get('k')).toBe('v');
  });

  it('uses the browser localStorage when it accepts writes', () => {
    const values = installLocalStorage();
    const storage = localStorageStorage();
    storage?.set('k', 'v');
    expect(values.get('k')).toBe('v');
    expect(defaultStorage().get('k')).toBe('v');
  });

  it('is null when localStorage refuses writes', () => {
    installLocalStorage({ refuseWrites: true });
    expect(localStorageStorage()).toBeNull();
  });
});
