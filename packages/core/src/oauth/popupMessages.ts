import { LatchError, type OAuthPopupMessage } from '@latch/protocol';
import { OAUTH_POPUP_MESSAGE } from '@latch/protocol/oauth';
import type { FlowClock } from '../machine/flowClock.js';
import { SocialLoginError } from './socialLoginError.js';

/** How often the opener looks whether the user closed the popup (a named delay; closing fires no event). */
export const OAUTH_POPUP_CLOSED_POLL_MS = 500;

/** What the wait needs of the host page's window. */
export interface OpenerWindow {
  location: { origin: string };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** What the wait needs of the popup. */
interface PopupWindow {
  readonly closed: boolean;
  close(): void;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The data as an OAuthPopupMessage, or null for anything else (another script's messages share the channel). */
function asPopupMessage(data: unknown): OAuthPopupMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m.type === OAUTH_POPUP_MESSAGE.success && isString(m.stateCode) && isString(m.authorizationCode)) {
    return { type: 'latch:oauth:success', stateCode: m.stateCode, authorizationCode: m.authorizationCode };
  }
  if (m.type === OAUTH_POPUP_MESSAGE.error && isString(m.error) && (m.stateCode === null || isString(m.stateCode))) {
    return { type: 'latch:oauth:error', stateCode: m.stateCode, error: m.error };
  }
  return null;
}

/**
 * Waits for the popup's report (SPEC §3) and resolves with the authorization code. Counted are only messages from
 * this page's origin whose source is the popup; a state other than `stateCode` (none included) is `oauth_state_mismatch` (SPEC §5);
 * an error report is its catalogue code; a popup closed without a report is `oauth_user_denied`.
 */
export function waitForPopupMessage(options: {
  window: OpenerWindow;
  popup: PopupWindow;
  stateCode: string;
  clock: FlowClock;
  signal: AbortSignal;
}): Promise<string> {
  const { window: page, popup, stateCode, clock, signal } = options;
  return new Promise<string>((resolve, reject) => {
    let timer: unknown;
    let closedSeen = false;
    const finish = (error: Error | null, code?: string) => {
      page.removeEventListener('message', onMessage);
      signal.removeEventListener('abort', onAbort);
      clock.clearTimeout(timer);
      if (error) {
        if (!popup.closed) popup.close();
        reject(error);
      } else resolve(code ?? '');
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== page.location.origin || event.source !== popup) return;
      const message = asPopupMessage(event.data);
      if (!message) return;
      // The callback returns the state with a code and with an error alike: a report without it (the popup sent to
      // a crafted return URL, e.g. by an open redirect on the way) or with another is not this round trip's.
      if (message.stateCode !== stateCode) return finish(new SocialLoginError('oauth_state_mismatch'));
      if (message.type === 'latch:oauth:error') return finish(toOAuthError(message.error));
      finish(null, message.authorizationCode);
    };
    const onAbort = () => finish(new LatchError('client_request_cancelled'));
    const poll = () => {
      // One more round after the popup is seen closed: its last message may still be on its way.
      if (popup.closed && closedSeen) return finish(new LatchError('oauth_user_denied'));
      closedSeen = popup.closed;
      timer = clock.setTimeout(poll, OAUTH_POPUP_CLOSED_POLL_MS);
    };
    if (signal.aborted) return onAbort();
    page.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
    timer = clock.setTimeout(poll, OAUTH_POPUP_CLOSED_POLL_MS);
  });
}

/** The callback's error code as a LatchError; a code outside the OAuth ones is `unknown_auth_error`. */
export function toOAuthError(code: string): LatchError {
  if (code === 'oauth_user_denied' || code === 'oauth_account_suspended' || code === 'too_many_requests') {
    return new LatchError(code);
  }
  return new LatchError('unknown_auth_error');
}
