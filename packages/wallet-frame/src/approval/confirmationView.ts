import { APPROVAL } from '@latch/protocol';
import { type ExportTheme, exportThemeFrom } from '../export/exportTheme.js';
import { styled, themedButton } from '../export/themedButton.js';
import { CONFIRMATION_TEXT_ES } from '../frameTexts.js';
import type { ConfirmationSurface, ShownConfirmation } from './approvalGate.js';
import type { ConfirmationContent, ConfirmationRow } from './confirmationContent.js';

function row(doc: Document, theme: ExportTheme, item: ConfirmationRow): HTMLElement {
  const line = styled(doc, 'div', {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    gap: '12px',
    padding: '4px 0',
    fontSize: '14px',
  });
  line.dataset.latchDetail = item.key;
  const label = styled(doc, 'dt', { margin: '0', color: theme.muted, whiteSpace: 'nowrap' });
  label.textContent = item.label;
  const value = styled(doc, 'dd', { margin: '0', textAlign: 'right', overflowWrap: 'anywhere', fontWeight: '500' });
  const main = styled(doc, 'span', item.mono ? { fontFamily: 'ui-monospace, monospace', fontSize: '13px' } : {});
  main.textContent = item.value;
  if (item.title) main.title = item.title;
  value.append(main);
  if (item.fiat) {
    const fiat = styled(doc, 'span', { display: 'block', color: theme.muted, fontWeight: '400', fontSize: '13px' });
    fiat.textContent = item.fiat;
    value.append(fiat);
  }
  line.append(label, value);
  return line;
}

/** Renders `content` as the widget's screen would: title, description, payload or review rows, Cancel and the action. */
function render(doc: Document, theme: ExportTheme, content: ConfirmationContent) {
  const main = styled(doc, 'main', {
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    height: '100%',
    padding: '12px 20px 20px',
  });
  main.dataset.latchConfirmation = content.kind;
  const title = styled(doc, 'h2', { margin: '4px 0 0', fontSize: '18px', fontWeight: '600', textAlign: 'center' });
  title.textContent = content.title;
  main.append(title);
  if (content.description) {
    const description = styled(doc, 'p', { margin: '0', color: theme.muted, textAlign: 'center' });
    description.textContent = content.description;
    main.append(description);
  }
  const scrolling = {
    flex: '1 1 auto',
    minHeight: '0',
    overflow: 'auto',
    borderRadius: '8px',
    background: theme.surface,
  };
  if (content.payload !== undefined) {
    const payload = styled(doc, 'pre', {
      ...scrolling,
      margin: '0',
      padding: '12px',
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
      font: '13px/1.4 ui-monospace, monospace',
    });
    payload.tabIndex = 0;
    payload.setAttribute('aria-label', content.title);
    payload.textContent = content.payload;
    main.append(payload);
  }
  if (content.rows) {
    const list = styled(doc, 'dl', { ...scrolling, display: 'block', margin: '0', padding: '8px 12px' });
    for (const item of content.rows) list.append(row(doc, theme, item));
    main.append(list);
  }
  const hint = styled(doc, 'p', { margin: '0', minHeight: '1.4em', fontSize: '13px', color: theme.muted });
  hint.setAttribute('role', 'status');
  const actions = styled(doc, 'div', { display: 'flex', gap: '8px' });
  const cancel = themedButton(doc, theme, content.cancel, false, { flex: '1 1 0' });
  const confirm = themedButton(doc, theme, content.confirm, true, { flex: '1 1 0' });
  actions.append(cancel, confirm);
  main.append(hint, actions);
  return { main, hint, cancel, confirm };
}

/** The wallet frame's document as a ConfirmationSurface, in the widget's colours (`#rrggbb` hints, else the light palette). */
export function documentSurface(win: Window): ConfirmationSurface {
  const doc = win.document;
  return {
    viewport: () => ({ width: win.innerWidth, height: win.innerHeight }),
    onResize(listener) {
      win.addEventListener('resize', listener);
      return () => win.removeEventListener('resize', listener);
    },
    show(content, onClick): ShownConfirmation {
      const colours = content.theme ?? {};
      const theme = exportThemeFrom((name) => colours[name as keyof typeof colours]);
      Object.assign(doc.body.style, {
        margin: '0',
        height: '100vh',
        background: theme.background,
        color: theme.foreground,
        font: '15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      });
      doc.documentElement.lang = content.text === CONFIRMATION_TEXT_ES ? 'es' : 'en';
      const view = render(doc, theme, content);
      doc.body.replaceChildren(view.main);
      // The gate ignores a click before APPROVAL.minVisibleMs; the button says so by being disabled until then.
      view.confirm.disabled = true;
      const enable = win.setTimeout(() => {
        view.confirm.disabled = false;
      }, APPROVAL.minVisibleMs);
      view.cancel.addEventListener('click', (event) => onClick('cancel', event));
      view.confirm.addEventListener('click', (event) => onClick('confirm', event));
      // IntersectionObserver v2 (Chromium): isVisible is false when anything covers, fades or transforms the frame.
      const Observer = (win as Window & typeof globalThis).IntersectionObserver;
      const Entry = (win as Window & typeof globalThis).IntersectionObserverEntry;
      // With v2, nothing counts as visible before its first report.
      let visible: boolean | undefined = Entry && 'isVisible' in Entry.prototype ? false : undefined;
      const observer = Observer
        ? new Observer(
            (entries) => {
              for (const entry of entries) {
                const v2 = (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible;
                visible = typeof v2 === 'boolean' ? v2 : undefined;
              }
            },
            { trackVisibility: true, delay: APPROVAL.visibilityDelayMs } as IntersectionObserverInit,
          )
        : null;
      observer?.observe(view.confirm);
      return {
        visible: () => visible,
        hint() {
          view.hint.textContent = content.text.notYet;
        },
        remove() {
          win.clearTimeout(enable);
          observer?.disconnect();
          view.main.remove();
        },
      };
    },
  };
}
