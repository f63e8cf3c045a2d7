// The wallet list's styles ('Connect' hover label, wallet icons): they load with the wallet list, not the page.
import WALLET_CSS from '../styles/wallet.css';
import { adoptStyles } from './adoptStyles.js';

/** Adds the wallet styles to the document once, as injectStyles does for the widget's (CSP-safe constructable sheet). */
export function injectWalletStyles(doc: Document | undefined = globalThis.document): void {
  adoptStyles('wallet', WALLET_CSS, doc);
}
