import type { LatchStorage } from '../storage.js';

/** The persisted session values of one app, under keys namespaced by its app id. */
export interface TokenStore {
  getToken(): string | null;
  getRefreshToken(): string | null;
  setToken(token: string | null): void;
  setRefreshToken(token: string | null): void;
  /** The identity token (for the host's backend; kept like the refresh token, never sent to Latch). */
  getIdentityToken(): string | null;
  setIdentityToken(token: string | null): void;
  /** Removes the tokens (the analytics id stays: it identifies the browser, not the user). */
  clear(): void;
  /** The client analytics id, created on first use. */
  analyticsId(): string;
}

// getRandomValues works on plain-http pages too, where randomUUID does not exist.
const randomId = () =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** Storage keys for an app (documented in docs/client.md). */
export function storageKeys(appId: string) {
  return {
    token: `latch:${appId}:token`,
    refreshToken: `latch:${appId}:refresh_token`,
    identityToken: `latch:${appId}:identity_token`,
    analyticsId: `latch:${appId}:ca_id`,
  } as const;
}

/** Creates the token store over `storage`. */
export function createTokenStore(storage: LatchStorage, appId: string): TokenStore {
  const keys = storageKeys(appId);
  const put = (key: string, value: string | null) => (value === null ? storage.remove(key) : storage.set(key, value));
  return {
    getToken: () => storage.get(keys.token),
    getRefreshToken: () => storage.get(keys.refreshToken),
    setToken: (token) => put(keys.token, token),
    setRefreshToken: (token) => put(keys.refreshToken, token),
    getIdentityToken: () => storage.get(keys.identityToken),
    setIdentityToken: (token) => put(keys.identityToken, token),
    clear() {
      storage.remove(keys.token);
      storage.remove(keys.refreshToken);
      storage.remove(keys.identityToken);
    },
    analyticsId() {
      let id = storage.get(keys.analyticsId);
      if (!id) {
        id = randomId();
        storage.set(keys.analyticsId, id);
      }
      return id;
    },
  };
}
