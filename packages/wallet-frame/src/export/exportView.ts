import { DELAY } from '@latch/protocol';
import { EXPORT_PAGE_TEXT, type ExportPageText } from '../frameTexts.js';
import type { ExportView } from './exportRouter.js';
import type { ExportTheme } from './exportTheme.js';
import { styled, themedButton } from './themedButton.js';

/** The masked form of a key: as many dots as characters, so the layout does not jump on Reveal. */
const maskKey = (privateKey: string) => '•'.repeat(privateKey.length);

/**
 * Renders the export page into `doc.body`: a status line, then the step-up code field, then the key
 * masked with Reveal and Copy buttons. The key and the code exist only in this document.
 */
export function renderExportView(
  doc: Document,
  theme: ExportTheme,
  width?: number,
  text: ExportPageText = EXPORT_PAGE_TEXT,
): ExportView {
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
  status.textContent = text.loading;
  main.append(status);
  body.replaceChildren(main);
  const field = {
    boxSizing: 'border-box',
    width: '100%',
    padding: '10px 12px',
    border: `1px solid ${theme.border}`,
    borderRadius: '12px',
    background: theme.surface,
    color: theme.foreground,
  };

  return {
    text,
    askCode(destination, submit) {
      const form = styled(doc, 'form', { display: 'flex', flexDirection: 'column', gap: '8px' });
      form.noValidate = true;
      const prompt = styled(doc, 'label', { fontSize: '14px' });
      prompt.htmlFor = 'latch-export-code';
      prompt.textContent = text.codePrompt(destination);
      const input = styled(doc, 'input', { ...field, font: '18px/1.4 ui-monospace, monospace', letterSpacing: '4px' });
      input.id = 'latch-export-code';
      input.inputMode = 'numeric';
      input.autocomplete = 'one-time-code';
      input.maxLength = 6;
      input.setAttribute('aria-label', text.codeLabel);
      const error = styled(doc, 'p', { margin: '0', color: theme.foreground, fontSize: '14px' });
      error.setAttribute('role', 'alert');
      const verify = themedButton(doc, theme, text.verify, true);
      verify.type = 'submit';
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        if (verify.disabled) return;
        verify.disabled = true;
        verify.textContent = text.verifying;
        error.textContent = '';
        void submit(input.value.trim()).then((problem) => {
          verify.disabled = false;
          verify.textContent = text.verify;
          if (problem) {
            error.textContent = problem;
            input.focus();
          }
        });
      });
      form.append(prompt, input, error, verify);
      main.replaceChildren(form);
      input.focus();
    },
    showKey({ privateKey }) {
      const label = styled(doc, 'label', { fontSize: '13px', fontWeight: '600' });
      label.htmlFor = 'latch-export-key';
      label.textContent = text.keyLabel;
      const key = styled(doc, 'textarea', {
        ...field,
        minHeight: '64px',
        resize: 'none',
        font: '13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace',
        wordBreak: 'break-all',
      });
      key.id = 'latch-export-key';
      key.readOnly = true;
      key.rows = 2;
      key.spellcheck = false;
      key.value = maskKey(privateKey);
      const reveal = themedButton(doc, theme, text.reveal, false);
      reveal.setAttribute('aria-pressed', 'false');
      reveal.addEventListener('click', () => {
        const shown = reveal.getAttribute('aria-pressed') === 'true';
        key.value = shown ? maskKey(privateKey) : privateKey;
        reveal.textContent = shown ? text.reveal : text.hide;
        reveal.setAttribute('aria-pressed', String(!shown));
      });
      const copy = themedButton(doc, theme, text.copy, true);
      let timer: ReturnType<typeof setTimeout> | undefined;
      copy.addEventListener('click', () => {
        void navigator.clipboard?.writeText(privateKey).then(() => {
          copy.textContent = text.copied;
          clearTimeout(timer);
          timer = setTimeout(() => {
            copy.textContent = text.copy;
          }, DELAY.copiedFeedback);
        });
      });
      const actions = styled(doc, 'div', { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' });
      actions.append(reveal, copy);
      main.replaceChildren(label, key, actions);
    },
    showError(text) {
      status.style.color = theme.foreground;
      status.textContent = text;
      main.replaceChildren(status);
    },
  };
}
