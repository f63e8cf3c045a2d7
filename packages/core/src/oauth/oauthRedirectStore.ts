import { OAUTH_PROVIDERS, type OAuthProvider } from '@latch/protocol';
import type { LatchStorage } from '../storage.js';

/** What redirect mode keeps while the browser is at the provider: the state, the PKCE verifier, what it was for. */
interface OAuthRedirectRecord {
  stateCode: string;
  verifier: string;
  provider: OAuthProvider;
  intent: 'login' | 'link';
}

/** The sessionStorage key of an app's pending OAuth redirect (one tab, one pending round trip). */
export const oauthRedirectKey = (appId: string): string => `latch:${appId}:oauth_redirect`;

/** Keeps the record for the return (replacing an earlier, abandoned one). */
export function keepOAuthRedirect(storage: LatchStorage, appId: string, record: OAuthRedirectRecord): void {
  storage.set(oauthRedirectKey(appId), JSON.stringify(record));
}

/** Takes the record: it is removed whether it matches the return or not (a verifier is used once). */
export function takeOAuthRedirect(storage: LatchStorage, appId: string): OAuthRedirectRecord | null {
  const key = oauthRedirectKey(appId);
  const raw = storage.get(key);
  storage.remove(key);
  if (raw === null) return null;
  try {
    const r = JSON.parse(raw) as Partial<OAuthRedirectRecord>;
    const valid =
      typeof r.stateCode === 'string' &&
      typeof r.verifier === 'string' &&
      OAUTH_PROVIDERS.includes(r.provider as OAuthProvider) &&
      (r.intent === 'login' || r.intent === 'link');
    return valid ? (r as OAuthRedirectRecord) : null;
  } catch {
    return null;
  }
}

/** The browser's sessionStorage as LatchStorage, or null where it is missing or refuses writes. */
export function sessionStorageStorage(): LatchStorage | null {
  try {
    const session = globalThis.sessionStorage;
    if (!session) return null;
    session.setItem('__latch_probe__', '1');
    session.removeItem('__latch_probe__');
    return {
      get: (key) => session.getItem(key),
      set: (key, value) => session.setItem(key, value),
      remove: (key) => session.removeItem(key),
    };
  } catch {
    return null;
  }
}
