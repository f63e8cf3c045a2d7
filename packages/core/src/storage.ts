/** Synchronous key-value storage for tokens and the analytics id; inject your own for native or tests. */
export interface LatchStorage {
  /** The stored value, or null. */
  get(key: string): string | null;
  /** Stores a value. */
  set(key: string, value: string): void;
  /** Removes a value. */
  remove(key: string): void;
}

/** Storage that lives as long as the page (the fallback when localStorage is unavailable). */
export function memoryStorage(): LatchStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

/** The browser's localStorage, or null when it is missing or refuses writes (SSR, some private modes). */
export function localStorageStorage(): LatchStorage | null {
  let local: Storage;
  try {
    if (typeof globalThis.localStorage === 'undefined') return null;
    local = globalThis.localStorage;
    const probe = '__latch_probe__';
    local.setItem(probe, probe);
    local.removeItem(probe);
  } catch {
    return null;
  }
  return {
    get: (key) => local.getItem(key),
    set: (key, value) => {
      try {
        local.setItem(key, value);
      } catch {
        // A full or locked storage must not break login; the session then lasts for this page only.
      }
    },
    remove: (key) => local.removeItem(key),
  };
}

/** localStorage when available, else memory. */
export function defaultStorage(): LatchStorage {
  return localStorageStorage() ?? memoryStorage();
}
