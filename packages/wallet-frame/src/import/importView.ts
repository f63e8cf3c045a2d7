import { exportThemeFrom } from '../export/exportTheme.js';
import { styled, themedButton } from '../export/themedButton.js';
import type { ImportSurface } from './importPrompt.js';

/**
 * The wallet frame's document as an ImportSurface: title, description, a password-type key field
 * (`#latch-import-key`, no autocomplete, no spellcheck), an error line, Cancel and Import, in the widget's
 * colours. The typed text goes only to `submit`, inside this page.
 */
export function documentImportSurface(win: Window): ImportSurface {
  const doc = win.document;
  return {
    viewport: () => ({ width: win.innerWidth, height: win.innerHeight }),
    onResize(listener) {
      win.addEventListener('resize', listener);
      return () => win.removeEventListener('resize', listener);
    },
    showImport({ text, theme: colours = {} }, submit, cancel) {
      const theme = exportThemeFrom((name) => colours[name as keyof typeof colours]);
      Object.assign(doc.body.style, {
        margin: '0',
        height: '100vh',
        background: theme.background,
        color: theme.foreground,
        font: '15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      });
      doc.documentElement.lang = text.lang;
      const form = styled(doc, 'form', {
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        gap: '12px',
        height: '100%',
        padding: '12px 20px 20px',
      });
      form.dataset.latchImport = '';
      form.noValidate = true;
      const title = styled(doc, 'h2', { margin: '4px 0 0', fontSize: '18px', fontWeight: '600', textAlign: 'center' });
      title.textContent = text.title;
      const description = styled(doc, 'p', { margin: '0', color: theme.muted, textAlign: 'center' });
      description.textContent = text.description;
      const label = styled(doc, 'label', { fontSize: '14px', fontWeight: '500' });
      label.textContent = text.keyLabel;
      label.htmlFor = 'latch-import-key';
      const input = styled(doc, 'input', {
        boxSizing: 'border-box',
        width: '100%',
        minHeight: '44px',
        padding: '0 12px',
        border: `1px solid ${theme.border}`,
        borderRadius: '12px',
        background: theme.surface,
        color: theme.foreground,
        font: '14px ui-monospace, monospace',
      });
      Object.assign(input, { id: 'latch-import-key', type: 'password', autocomplete: 'off', spellcheck: false });
      input.setAttribute('autocapitalize', 'off');
      input.setAttribute('aria-describedby', 'latch-import-error');
      const error = styled(doc, 'p', { margin: '0', minHeight: '1.4em', fontSize: '13px', color: '#b91c1c' });
      Object.assign(error, { id: 'latch-import-error' });
      error.setAttribute('role', 'alert');
      const actions = styled(doc, 'div', { display: 'flex', gap: '8px', marginTop: 'auto' });
      const cancelButton = themedButton(doc, theme, text.cancel, false, { flex: '1 1 0' });
      const importButton = themedButton(doc, theme, text.importButton, true, { flex: '1 1 0' });
      importButton.type = 'submit';
      actions.append(cancelButton, importButton);
      form.append(title, description, label, input, error, actions);
      const busy = (on: boolean) => {
        input.disabled = on;
        importButton.disabled = on;
        importButton.textContent = on ? text.importing : text.importButton;
      };
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        error.textContent = '';
        busy(true);
        submit(input.value);
      });
      cancelButton.addEventListener('click', () => cancel());
      doc.body.replaceChildren(form);
      input.focus();
      return {
        error(message) {
          busy(false);
          error.textContent = message;
          input.focus();
        },
        remove() {
          input.value = '';
          form.remove();
        },
      };
    },
  };
}
