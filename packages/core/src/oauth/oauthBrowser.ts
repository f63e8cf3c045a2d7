import type { LatchStorage } from '../storage.js';
import type { OpenerWindow } from './popupMessages.js';

/** The browser parts the OAuth round trip uses; injectable (`LatchClientOptions.oauthBrowser`) for tests and hosts. */
export interface OAuthBrowser {
  /** The host page's window: hears the popup's messages and knows the page's origin (null: no popup mode). */
  window: OpenerWindow | null;
  /** Where redirect mode keeps its state and verifier across the provider's pages (default: sessionStorage). */
  sessionStorage: LatchStorage | null;
  /** Leaves the page for the provider (redirect mode; default: `location.assign`). */
  navigate(url: string): void;
}
