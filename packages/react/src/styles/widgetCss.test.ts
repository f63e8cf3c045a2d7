import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import WALLET_CSS from './wallet.css';
import { WIDGET_CSS } from './widgetCss.js';

const file = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

describe('the widget stylesheets', () => {
  it('are the .css files, bundled as text', () => {
    expect(WIDGET_CSS).toBe(file('./widget.css'));
    expect(WALLET_CSS).toBe(file('./wallet.css'));
  });

  it('scope every rule under [data-latch-root] (the host page keeps its own styles)', () => {
    for (const css of [WIDGET_CSS, WALLET_CSS]) {
      const selectors = [...css.matchAll(/^\s*([^@\s{}][^{}]*?)\s*\{/gm)].map((match) => match[1] ?? '');
      expect(selectors.length).toBeGreaterThan(0);
      for (const group of selectors)
        for (const selector of group.split(','))
          expect(selector).toMatch(/^\s*(dialog)?\[data-latch-root\]|^\s*(from|to)\b/);
    }
  });
});
