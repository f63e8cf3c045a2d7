import { COOKIE_HAND_OFF_REFUSED, IDENTITY_API, LatchError, type TokenResponse } from '@latch/protocol';
import type { Clock } from '../clock.js';
import { sessionStorageStorage } from '../oauth/oauthRedirectStore.js';
import { createPkce } from '../oauth/pkce.js';
import type { LatchStorage } from '../storage.js';
import type { Transport } from '../transport/transport.js';
import type { Session } from './session.js';

// The session hand-off (docs/client.md "Session hand-off"): a signed-out tab asks (a PKCE verifier it keeps in
// its sessionStorage, the challenge it gives out); a context holding the session forks it for that challenge
// (POST /sessions/fork) and sends back a one-time code in the `latch_handoff` parameter; the tab redeems the
// code with its verifier (POST /sessions, SPEC §7's second refresh path). No session token is ever in a URL.

/**
 * How long a tab waits for its hand-off: long enough for a round trip through another page, short enough that a
 * forgotten request is no open door (the server's code itself lives 120 s).
 */
export const SESSION_HANDOFF_TTL_MS = 10 * 60 * 1000;

/** The sessionStorage key of an app's pending hand-off (per tab: a link opened in a new tab has none). */
export const sessionHandOffKey = (appId: string): string => `latch:${appId}:session_handoff`;

/** Where the client keeps the verifier: the injected tab storage (`oauthBrowser.sessionStorage`) or the browser's. */
export interface HandOffOptions {
  storage: LatchStorage | null | undefined;
  appId: string;
  clock: Clock;
}

const storageOf = (options: HandOffOptions): LatchStorage | null =>
  options.storage !== undefined ? options.storage : sessionStorageStorage();

/**
 * Forks `session` for a hand-off `challenge` and keeps its rotated tokens: the one-time code. Cookie mode refuses
 * (the server is the gate: a page script could otherwise take a code off the page; docs/client.md).
 */
export async function forkHandOff(session: Session, challenge: string): Promise<string> {
  if (session.usesCookies()) throw new LatchError('invalid_hand_off', COOKIE_HAND_OFF_REFUSED);
  const response = await session.fork({ hand_off_challenge: challenge });
  if (!response.hand_off_code) throw new LatchError('internal_error', 'The fork answered no hand-off code.');
  return response.hand_off_code;
}

/**
 * Starts a hand-off in this tab: keeps a fresh verifier (replacing any earlier one) and returns its S256
 * challenge, for the context holding the session (`handOffSession`).
 */
export async function requestHandOff(options: HandOffOptions): Promise<string> {
  const storage = storageOf(options);
  if (storage === null) throw new LatchError('unknown_auth_error', 'A session hand-off needs sessionStorage.');
  const { verifier, challenge } = await createPkce();
  const expiresAt = options.clock.now() + SESSION_HANDOFF_TTL_MS;
  storage.set(sessionHandOffKey(options.appId), JSON.stringify({ verifier, expiresAt }));
  return challenge;
}

/** Takes the tab's verifier (spent whether it is still valid or not); null when none is set or it expired. */
export function takeVerifier(options: HandOffOptions): string | null {
  const storage = storageOf(options);
  if (storage === null) return null;
  const key = sessionHandOffKey(options.appId);
  const raw = storage.get(key);
  storage.remove(key);
  if (raw === null) return null;
  try {
    const { verifier, expiresAt } = JSON.parse(raw) as { verifier?: unknown; expiresAt?: unknown };
    const live = typeof expiresAt === 'number' && options.clock.now() < expiresAt;
    return live && typeof verifier === 'string' ? verifier : null;
  } catch {
    return null;
  }
}

/**
 * Redeems a hand-off code from the address (login CSRF defence): only when this tab asked for one (a live
 * verifier) and holds no session of its own. A link someone else crafted never replaces a session, and never
 * signs a fresh visitor into the sender's account (the server also refuses it without the verifier).
 * True when the tab is signed in afterwards.
 */
export async function redeemHandOff(
  code: string,
  session: Session,
  transport: Transport,
  options: HandOffOptions,
): Promise<boolean> {
  const verifier = takeVerifier(options);
  if (verifier === null || session.hasSession()) {
    // SPEC §4 "Login while already logged in only warns."
    console.warn('Latch: ignored a session hand-off in the address that this tab did not ask for.');
    return false;
  }
  const response = await redeemCode(transport, code, verifier);
  return response !== null && session.applyTokenResponse(response);
}

/**
 * Redeems a hand-off code with its verifier on SPEC §7's second refresh path: the token response, or null (with a
 * console warning) when refused. A spent, expired or foreign code leaves the page signed out, as without it.
 */
export async function redeemCode(
  transport: Transport,
  code: string,
  verifier: string,
  signal?: AbortSignal,
): Promise<TokenResponse | null> {
  try {
    return await transport.request<TokenResponse>(IDENTITY_API.sessions, {
      body: { hand_off_code: code, code_verifier: verifier },
      signal,
    });
  } catch (error) {
    console.warn('Latch: the session hand-off was refused.', error);
    return null;
  }
}
