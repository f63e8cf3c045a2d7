/** The wallet list's styles ('Connect' hover label, wallet icons); they load with the wallet list, not the page. */
export const WALLET_CSS = `[data-latch-root] .latch-button .latch-hover-label{margin-left:auto;font-size:12px;color:var(--latch-fg);font-weight:500;opacity:0}
[data-latch-root] .latch-button:hover .latch-hover-label,[data-latch-root] .latch-button:focus-visible .latch-hover-label{opacity:1}
[data-latch-root] .latch-wallet-icon{width:24px;height:24px;border-radius:6px}
`;

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
