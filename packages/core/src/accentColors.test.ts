import { describe, expect, it } from 'vitest';
import { accentColors, contrastRatio, parseHex, SCHEME_BACKGROUND } from './accentColors.js';

const rgb = (hex: string) => parseHex(hex) as [number, number, number];

describe('colours derived from the accent', () => {
  it('defaults to #676FFF for a value that is not a colour', () => {
    expect(accentColors('not a colour').accent).toBe('#676FFF');
    expect(accentColors('#f00').accent).toBe('#FF0000');
  });

  it('keeps button text and links readable (WCAG AA 4.5:1) on both schemes', () => {
    for (const accent of ['#676FFF', '#FFD400', '#00FF00', '#111111', '#FF0000', '#FFFFFF', '#7F7F7F']) {
      const colors = accentColors(accent);
      expect(contrastRatio(rgb(colors.fill), rgb(colors.contrast))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgb(colors.text), rgb(SCHEME_BACKGROUND.light))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgb(colors.textDark), rgb(SCHEME_BACKGROUND.dark))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('puts black text on a light accent as it is, white text on a dark one', () => {
    expect(accentColors('#FFD400')).toMatchObject({ fill: '#FFD400', contrast: '#000000' });
    expect(accentColors('#111111')).toMatchObject({ fill: '#111111', contrast: '#FFFFFF' });
    // The default accent keeps white text: it is darkened just enough.
    expect(accentColors('#676FFF').contrast).toBe('#FFFFFF');
  });
});
