import type { ExportTheme } from './exportTheme.js';

/** Inline styles of an element. */
type Style = Partial<Record<string, string>>;

/** An element of `doc` styled through the CSSOM (element.style), which the frame's CSP (style-src 'self') allows. */
export function styled<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  style: Style,
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  Object.assign(element.style, style);
  return element;
}

/** A button of the frame's pages (export, confirmation) in `theme`: filled with the accent when `primary`. */
export function themedButton(
  doc: Document,
  theme: ExportTheme,
  text: string,
  primary: boolean,
  style: Style = {},
): HTMLButtonElement {
  const b = styled(doc, 'button', {
    minHeight: '44px',
    border: `1px solid ${primary ? theme.accent : theme.border}`,
    borderRadius: '12px',
    background: primary ? theme.accent : theme.surface,
    color: primary ? theme.accentForeground : theme.foreground,
    font: 'inherit',
    fontWeight: '500',
    cursor: 'pointer',
    ...style,
  });
  b.type = 'button';
  b.textContent = text;
  return b;
}
