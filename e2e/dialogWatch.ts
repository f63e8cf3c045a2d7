import type { BrowserContext, Page } from 'playwright-core';

// Screens that go by themselves (SPEC §9: 'Success!' closes or moves on after 1400 or 900 ms, the wallet-created
// screen after 2500 ms, a connect-only 'Connected' after 1400 ms, 'Copied' after 1500 ms) cannot be waited for
// by polling from the test: Playwright polls every few hundred milliseconds plus a round trip, and on a busy
// machine the screen is gone before it looks. Instead a MutationObserver in the page records every state of
// every visible dialog (and inline widget root) as it renders; a test marks the record before the action
// (`watchDialogFor`) and then waits for a matching state after the mark (`sawInDialog`). The recorder is an
// init script of the page's context, so it runs in each new document from its start: a navigation between the
// mark and the screen (a redirect login, a reload) starts a new record, all of it after the mark.

/** What a watch looks for in one dialog: a text, a pattern, or a heading or button of that name. */
export type Shown = string | RegExp | { heading: string } | { button: string };

/** One dialog's state: its rendered text, and the names of its visible headings and buttons (all whitespace-normalised). */
interface DialogState {
  text: string;
  headings: string[];
  buttons: string[];
}

/** The page's record (on `window.__latchDialogs`). */
interface DialogRecord {
  /** Tells one document from the next (a navigation starts a new record). */
  doc: string;
  /** The states of the visible dialogs, one entry per change; `dropped` older entries were let go. */
  log: DialogState[][];
  dropped: number;
}

type Watched = { text: string } | { pattern: string; flags: string } | { heading: string } | { button: string };

/** Installed in every document of the context (and once by hand in the current one). */
function recordDialogs(): void {
  const w = window as unknown as { __latchDialogs?: DialogRecord };
  // Only the top page: the widget's dialogs are there, not in the wallet or export frames.
  if (window.top !== window || w.__latchDialogs) return;
  const record: DialogRecord = { doc: Math.random().toString(36).slice(2), log: [], dropped: 0 };
  w.__latchDialogs = record;
  const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true });
  const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
  const names = (root: Element, selector: string) =>
    [...root.querySelectorAll<HTMLElement>(selector)]
      .filter(shown)
      .map((el) => norm(el.getAttribute('aria-label') ?? el.innerText));
  let last = '';
  const take = () => {
    const state = [...document.querySelectorAll<HTMLElement>('dialog, [role="dialog"], [data-latch-root]')]
      .filter(shown)
      .map((root) => ({
        text: norm(root.innerText),
        headings: names(root, 'h1, h2, h3, h4, h5, h6, [role="heading"]'),
        buttons: names(root, 'button, [role="button"]'),
      }));
    const key = JSON.stringify(state);
    if (key === last) return;
    last = key;
    record.log.push(state);
    // A long-lived page keeps the last 5000 states (a test looks back over seconds, not minutes).
    if (record.log.length > 5000) {
      record.log.shift();
      record.dropped += 1;
    }
  };
  new MutationObserver(take).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  take();
}

const withRecorder = new WeakSet<BrowserContext>();

/** Makes every new document of `context` record its dialogs from its first script on. */
export async function recordDialogsIn(context: BrowserContext): Promise<void> {
  if (withRecorder.has(context)) return;
  withRecorder.add(context);
  await context.addInitScript(recordDialogs);
}

const marks = new WeakMap<Page, Map<string, { doc: string; from: number }>>();

const watched = (shown: Shown[]): Watched[] =>
  shown.map((s) =>
    typeof s === 'string' ? { text: s } : s instanceof RegExp ? { pattern: s.source, flags: s.flags } : s,
  );

/**
 * Marks the page's dialog record: `sawInDialog(page, ...shown)` then waits for a state, at or after this moment,
 * in which one dialog shows all of `shown`. Call it before the action that brings the screen.
 */
export async function watchDialogFor(page: Page, ...shown: Shown[]): Promise<void> {
  await recordDialogsIn(page.context());
  // The current document started before the init script was added (a page made without newUserPage).
  await page.evaluate(recordDialogs);
  const mark = await page.evaluate(() => {
    const record = (window as unknown as { __latchDialogs: DialogRecord }).__latchDialogs;
    // The state showing now counts: it is the first one at or after the mark.
    return { doc: record.doc, from: record.dropped + record.log.length - 1 };
  });
  const pageMarks = marks.get(page) ?? new Map();
  marks.set(page, pageMarks);
  pageMarks.set(JSON.stringify(watched(shown)), mark);
}

/** Waits until one dialog has shown all of `shown` since `watchDialogFor(page, ...shown)` (even if it has closed since). */
export async function sawInDialog(page: Page, ...shown: Shown[]): Promise<void> {
  const wanted = watched(shown);
  const mark = marks.get(page)?.get(JSON.stringify(wanted));
  if (!mark) throw new Error(`sawInDialog without watchDialogFor first: ${JSON.stringify(wanted)}`);
  await page
    .waitForFunction(
      ({ mark, wanted }) => {
        const record = (window as unknown as { __latchDialogs?: DialogRecord }).__latchDialogs;
        if (!record) return false;
        // A new document (a navigation since the mark) is after the mark from its start.
        const from = record.doc === mark.doc ? Math.max(0, mark.from - record.dropped) : 0;
        const matches = (dialog: DialogState, w: Watched) => {
          if ('text' in w) return dialog.text.includes(w.text);
          if ('pattern' in w) return new RegExp(w.pattern, w.flags).test(dialog.text);
          if ('heading' in w) return dialog.headings.some((name) => name.includes(w.heading));
          return dialog.buttons.some((name) => name.includes(w.button));
        };
        return record.log.slice(from).some((state) => state.some((dialog) => wanted.every((w) => matches(dialog, w))));
      },
      { mark, wanted },
      { timeout: 60_000, polling: 100 },
    )
    .catch((error: Error) => {
      throw new Error(`No dialog showed ${JSON.stringify(wanted)} since the watch began: ${error.message}`);
    });
}
