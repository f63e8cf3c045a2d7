// The wallet list's styles ('Connect' hover label, wallet icons): they load with the wallet list, not the page.
import WALLET_CSS from '../styles/wallet.css';

let injected = false;

/** Adds the wallet styles to the document once, as injectStyles does for the widget's (CSP-safe constructable sheet). */
export function injectWalletStyles(doc: Document | undefined = globalThis.document): void {
  if (injected || !doc) return;
  injected = true;
  const view = doc.defaultView;
  if (view && 'adoptedStyleSheets' in doc && typeof view.CSSStyleSheet === 'function') {
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(WALLET_CSS);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return;
  }
  const style = doc.createElement('style');
  style.dataset.latch = 'wallet';
  style.textContent = WALLET_CSS;
  doc.head.appendChild(style);
}
