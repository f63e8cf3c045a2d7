import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import WALLET_CSS from './wallet.css';
import { WIDGET_CSS } from './widgetCss.js';

const file = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

describe('the widget stylesheets', () => {
  it('are the .css files, bundled as text', () => {
    expect(WIDGET_CSS).toBe([file('./theme.css'), file('./layout.css'), file('./controls.css')].join('\n'));
    expect(WALLET_CSS).toBe(file('./wallet.css'));
  });

  it('scope every rule under [data-latch-root] (the host page keeps its own styles)', () => {
    for (const css of [WIDGET_CSS, WALLET_CSS]) {
      const selectors = [...css.matchAll(/^\s*([^@\s{}][^{}]*?)\s*\{/gm)].map((match) => match[1] ?? '');
      expect(selectors.length).toBeGreaterThan(0);
      // Commas inside :not(…) / :is(…) separate arguments, not selectors.
      for (const group of selectors)
        for (const selector of group.split(/,(?![^(]*\))/))
          expect(selector).toMatch(/^\s*(:where\()?(dialog)?\[data-latch-root\]|^\s*(from|to)\b/);
    }
  });

  it('define exactly the custom properties docs/theming.md documents (private inputs `--latch-_…` aside)', () => {
    const defined = new Set([...WIDGET_CSS.matchAll(/^\s*(--latch-[a-z][a-z-]*):/gm)].map((m) => m[1]));
    const docs = readFileSync(new URL('../../../../docs/theming.md', import.meta.url), 'utf8');
    const documented = new Set([...docs.matchAll(/^\| `(--latch-[a-z-]+)`\s*\|/gm)].map((m) => m[1]));
    expect(defined.size).toBeGreaterThan(10);
    expect([...documented].sort()).toEqual([...defined].sort());
  });
});
