import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, SCHEME_BACKGROUND, themeVariables } from './theme.js';

const rgb = (hex: string) => parseHex(hex) as [number, number, number];

describe('theme variables from the accent colour', () => {
  it('defaults to #676FFF', () => {
    expect(themeVariables(undefined, 'light')['--latch-accent']).toBe('#676FFF');
    expect(themeVariables('not a colour', 'light')['--latch-accent']).toBe('#676FFF');
    expect(themeVariables('#f00', 'light')['--latch-accent']).toBe('#FF0000');
  });

  it('keeps button text and links readable (WCAG AA 4.5:1) in both schemes', () => {
    for (const accent of ['#676FFF', '#FFD400', '#00FF00', '#111111', '#FF0000']) {
      for (const scheme of ['light', 'dark'] as const) {
        const vars = themeVariables(accent, scheme);
        expect(contrastRatio(rgb(vars['--latch-accent-fill'] as string), rgb('#ffffff'))).toBeGreaterThanOrEqual(4.5);
        expect(
          contrastRatio(rgb(vars['--latch-accent-text'] as string), rgb(SCHEME_BACKGROUND[scheme])),
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
