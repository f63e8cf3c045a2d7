const adopted = new Set<string>();

/**
 * Adds a lazily loaded part of the widget's styles to the document once per `key`, as injectStyles does for the
 * main sheet: a constructable sheet (a strict CSP's style-src allows it), else a <style> element. No-op without a
 * document (a server render).
 */
export function adoptStyles(key: string, css: string, doc: Document | undefined = globalThis.document): void {
  if (adopted.has(key) || !doc) return;
  adopted.add(key);
  const view = doc.defaultView;
  if (view && 'adoptedStyleSheets' in doc && typeof view.CSSStyleSheet === 'function') {
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(css);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return;
  }
  const style = doc.createElement('style');
  style.dataset.latch = key;
  style.textContent = css;
  doc.head.appendChild(style);
}
