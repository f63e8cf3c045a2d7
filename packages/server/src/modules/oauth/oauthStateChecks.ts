import type { AppRecord } from '../../identity/apps/appStore.js';
import type { OAuthIntent, OAuthStateRecord } from './OAuthStates.js';

// The checks of an OAuth round trip that need no service (the PKCE binding is kernel/crypto/verifierMatches):
// whose state a request may spend, and where the callback may send the browser back.

/** True when the state record is this app's and of the expected intent (for a link: this user and session). */
export function belongsTo(record: OAuthStateRecord, app: AppRecord, expected: OAuthIntent): boolean {
  if (record.appId !== app.id || record.intent !== expected.intent) return false;
  // A link's or a step-up's state is bound to the user and the session that started it.
  if (record.intent !== 'login' && expected.intent !== 'login') {
    return record.userId === expected.userId && record.sessionId === expected.sessionId;
  }
  return true;
}

/** True when `url` is on one of the app's allowed origins (exact origin). */
export function allowedRedirect(app: AppRecord, url: string): boolean {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  return origin !== 'null' && app.allowedOrigins.includes(origin);
}
