import type { OAuthPopupMessage } from '@latch/protocol';
import type { OAuthReturn } from '../session/returnParams.js';
import { OAUTH_POPUP_NAME } from './popupName.js';

/** What the hand-off needs of the popup's own window (the browser's `window`; a stand-in in tests). */
export interface PopupPage {
  name: string;
  opener: { location: { origin: string }; postMessage(message: unknown, targetOrigin: string): void } | null;
  location: { origin: string };
  close(): void;
}

/**
 * In the OAuth popup, back on the host page: posts the callback's result to the opener and closes (SPEC §3). Only
 * in a window named OAUTH_POPUP_NAME whose opener has this page's origin (SPEC §5: a different origin is refused,
 * and the target origin keeps the message from any other). Returns true when it handed off: the page does nothing else.
 */
export function handOffOAuthPopup(returned: OAuthReturn, page: PopupPage | undefined): boolean {
  const opener = page?.name === OAUTH_POPUP_NAME ? page.opener : null;
  if (!page || !opener) return false;
  try {
    // Reading a cross-origin opener's location throws: not our opener.
    if (opener.location.origin !== page.location.origin) return false;
  } catch {
    return false;
  }
  const message: OAuthPopupMessage =
    returned.code === null
      ? { type: 'latch:oauth:error', stateCode: returned.state, error: returned.error }
      : { type: 'latch:oauth:success', stateCode: returned.state, authorizationCode: returned.code };
  opener.postMessage(message, page.location.origin);
  page.close();
  return true;
}
