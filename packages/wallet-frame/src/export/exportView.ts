import { DELAY } from '@latch/protocol';
import { GENERIC_WALLET_ERROR } from '../walletErrorReply.js';
import type { ExportView } from './exportRouter.js';
import type { ExportTheme } from './exportTheme.js';

/** Texts of the export page (inside the frame; SPEC gives the host screen's texts, not these). */
export const EXPORT_PAGE_TEXT = {
  loading: 'Loading your private key…',
  keyLabel: 'Your private key',
  copy: 'Copy key',
  copied: 'Copied',
  error: GENERIC_WALLET_ERROR,
} as const;

type Style = Partial<Record<string, string>>;

// Styles go through the CSSOM (element.style), which the frame's CSP (style-src 'self') allows.
function styled<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, style: Style): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  Object.assign(element.style, style);
  return element;
}

/**
 * Renders the export page into `doc.body`: a status line until the key is there, then the key in a
 * selectable box and a Copy button. The key exists only in this document.
 */
export function renderExportView(doc: Document, theme: ExportTheme, width?: number): ExportView {
  const body = doc.body;
  Object.assign(body.style, {
    margin: '0',
    padding: '4px',
    background: theme.background,
    color: theme.foreground,
    font: '15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  });
  const main = styled(doc, 'main', { display: 'flex', flexDirection: 'column', gap: '8px' });
  if (width && width > 0) main.style.maxWidth = `${width}px`;
  const status = styled(doc, 'p', { margin: '0', color: theme.muted });
  status.setAttribute('role', 'status');
  status.textContent = EXPORT_PAGE_TEXT.loading;
  main.append(status);
  body.replaceChildren(main);

  return {
    showKey({ privateKey }) {
      const label = styled(doc, 'label', { fontSize: '13px', fontWeight: '600' });
      label.htmlFor = 'latch-export-key';
      label.textContent = EXPORT_PAGE_TEXT.keyLabel;
      const key = styled(doc, 'textarea', {
        boxSizing: 'border-box',
        width: '100%',
        minHeight: '64px',
        padding: '10px 12px',
        resize: 'none',
        border: `1px solid ${theme.border}`,
        borderRadius: '12px',
        background: theme.surface,
        color: theme.foreground,
        font: '13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace',
        wordBreak: 'break-all',
      });
      key.id = 'latch-export-key';
      key.readOnly = true;
      key.rows = 2;
      key.spellcheck = false;
      key.value = privateKey;
      const copy = styled(doc, 'button', {
        minHeight: '44px',
        border: `1px solid ${theme.accent}`,
        borderRadius: '12px',
        background: theme.accent,
        color: theme.accentForeground,
        font: 'inherit',
        fontWeight: '500',
        cursor: 'pointer',
      });
      copy.type = 'button';
      copy.textContent = EXPORT_PAGE_TEXT.copy;
      let timer: ReturnType<typeof setTimeout> | undefined;
      copy.addEventListener('click', () => {
        void navigator.clipboard?.writeText(privateKey).then(() => {
          copy.textContent = EXPORT_PAGE_TEXT.copied;
          clearTimeout(timer);
          timer = setTimeout(() => {
            copy.textContent = EXPORT_PAGE_TEXT.copy;
          }, DELAY.copiedFeedback);
        });
      });
      status.remove();
      main.replaceChildren(label, key, copy);
    },
    showError() {
      status.style.color = theme.foreground;
      status.textContent = EXPORT_PAGE_TEXT.error;
    },
  };
}
