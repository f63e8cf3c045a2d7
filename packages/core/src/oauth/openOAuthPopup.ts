import { OAUTH_POPUP_NAME } from './popupName.js';

// The popup last opened (a second click must not blank it), and the one the next OAuth start takes.
let live: Window | null = null;
let opened: Window | null | undefined;

/**
 * Opens the OAuth popup (blank, centred, 500×650): call it synchronously in the user's click, before dispatching
 * `startOAuth`, or the browser blocks it. Null when blocked: the flow then goes by redirect. A popup still open is
 * reused as it is. (Not for Google in an in-app browser: `isInAppBrowser`, `@latch/core/oauth`.)
 */
export function openOAuthPopup(): Window | null {
  if (!live || live.closed) {
    if (typeof window === 'undefined') return null;
    const w = window;
    const left = w.screenX + (w.outerWidth - 500) / 2;
    const top = w.screenY + (w.outerHeight - 650) / 2;
    live = w.open('about:blank', OAUTH_POPUP_NAME, `popup,width=500,height=650,left=${left},top=${top}`);
  }
  opened = live;
  return live;
}

/** The popup `openOAuthPopup` opened (null: blocked), handed out once; undefined when none was opened. */
export function takeOAuthPopup(): Window | null | undefined {
  const popup = opened;
  opened = undefined;
  return popup;
}
