import type { Clock } from '../clock.js';
import type { OAuthBrowser } from '../oauth/oauthBrowser.js';
import { sessionStorageStorage } from '../oauth/oauthRedirectStore.js';
import type { LatchStorage } from '../storage.js';
import { sessionHandOffKey } from './expectSessionToken.js';
import type { Session } from './session.js';

/** Where the client keeps the marker: the injected tab storage (`oauthBrowser.sessionStorage`) or the browser's. */
export interface HandOffOptions {
  storage: LatchStorage | null | undefined;
  appId: string;
  clock: Clock;
}

const storageOf = (options: HandOffOptions): LatchStorage | null =>
  options.storage !== undefined ? options.storage : sessionStorageStorage();

/** Takes the marker (it is spent whether it is still valid or not); true when one was set and has not expired. */
export function takeHandOff(options: HandOffOptions): boolean {
  const storage = storageOf(options);
  if (storage === null) return false;
  const key = sessionHandOffKey(options.appId);
  const raw = storage.get(key);
  storage.remove(key);
  const expires = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(expires) && options.clock.now() < expires;
}

/**
 * Whether a session token found in the address may become this tab's session (login CSRF defence): only when
 * this tab asked for one (a live marker) and holds no session of its own. A link someone else crafted never
 * replaces a session, and never signs a fresh visitor into the sender's account.
 */
export function acceptsSessionToken(options: HandOffOptions, hasSession: boolean): boolean {
  const accepted = takeHandOff(options) && !hasSession;
  // SPEC §4 "Login while already logged in only warns."
  if (!accepted) console.warn('Latch: ignored a session token in the address that this tab did not ask for.');
  return accepted;
}

/** Adopts `token` as the session's forked token when acceptsSessionToken allows it (the client's options and clock). */
export function adoptHandOff(
  token: string,
  session: Session,
  client: { appId: string; oauthBrowser?: Partial<OAuthBrowser> },
  clock: Clock,
): void {
  const options = { storage: client.oauthBrowser?.sessionStorage, appId: client.appId, clock };
  if (acceptsSessionToken(options, session.hasSession())) session.adoptForkedToken(token);
}
