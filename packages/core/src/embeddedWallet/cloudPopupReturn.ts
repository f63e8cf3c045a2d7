import { LatchError } from '@latch/protocol';
import type { Clock } from '../clock.js';
import { SocialLoginError } from '../oauth/socialLoginError.js';

/** How often the host page looks at the provider's window: for its return to this origin, or for it being closed. */
export const CLOUD_POPUP_POLL_MS = 200;

/** The query parameters the recovery OAuth callback adds to `redirect_to` (RECOVERY_OAUTH_RETURN_PARAM). */
const PARAM = {
  code: 'latch_recovery_code',
  state: 'latch_recovery_state',
  error: 'latch_recovery_error',
} as const;

/** What the wait needs of the popup: its address (readable only once it is back on this origin), closed, close. */
export interface CloudPopup {
  readonly closed: boolean;
  readonly location: { href: string };
  close(): void;
}

/** The popup's address, or null while it shows another origin (reading it throws there) or none. */
function addressOf(popup: CloudPopup, origin: string): URL | null {
  try {
    const url = new URL(popup.location.href);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * Waits until the provider's window is back on this page's origin with the callback's parameters and resolves with
 * the authorization code; the window is then closed. A state other than `stateCode` is refused (SPEC §5: 'Unexpected
 * auth flow…'), an error is `oauth_user_denied` (SPEC §5: a code of 'undefined' too) or `unknown_auth_error`, and a
 * window the user closed is `oauth_user_denied`. The window's own page is never asked for anything: the host page
 * reads the same-origin address itself, so no hand-off code sits in its first JavaScript.
 */
export function waitForCloudPopup(options: {
  popup: CloudPopup;
  origin: string;
  stateCode: string;
  clock: Clock;
}): Promise<string> {
  const { popup, origin, stateCode, clock } = options;
  return new Promise<string>((resolve, reject) => {
    let closedSeen = false;
    const done = (error: Error | null, code = '') => {
      if (!popup.closed) popup.close();
      if (error) reject(error);
      else resolve(code);
    };
    const poll = () => {
      const url = addressOf(popup, origin);
      const params = url?.searchParams;
      if (params && (params.has(PARAM.state) || params.has(PARAM.error))) {
        const code = params.get(PARAM.code);
        if (params.get(PARAM.state) !== stateCode) return done(new SocialLoginError('oauth_state_mismatch'));
        const error = params.get(PARAM.error);
        if (error || !code || code === 'undefined') {
          return done(new LatchError(error === 'unknown_auth_error' ? 'unknown_auth_error' : 'oauth_user_denied'));
        }
        return done(null, code);
      }
      // One more look after the window is seen closed: it may have returned just before.
      if (popup.closed && closedSeen) return done(new LatchError('oauth_user_denied'));
      closedSeen = popup.closed;
      clock.setTimeout(poll, CLOUD_POPUP_POLL_MS);
    };
    clock.setTimeout(poll, CLOUD_POPUP_POLL_MS);
  });
}
