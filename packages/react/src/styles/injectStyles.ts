import { WIDGET_CSS } from './widgetCss.js';

let injected = false;

/**
 * Adds the widget's stylesheet to the document once. Constructable stylesheets are not subject to
 * a host's Content-Security-Policy style-src, so this works under a strict CSP without a nonce;
 * hosts that prefer a file can skip it and serve WIDGET_CSS themselves (see docs/widget.md).
 */
export function injectStyles(doc: Document = document): void {
  if (injected) return;
  injected = true;
  const view = doc.defaultView;
  if (view && 'adoptedStyleSheets' in doc && typeof view.CSSStyleSheet === 'function') {
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(WIDGET_CSS);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return;
  }
  const style = doc.createElement('style');
  style.dataset.latch = '';
  style.textContent = WIDGET_CSS;
  doc.head.appendChild(style);
}
