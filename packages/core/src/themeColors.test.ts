import { describe, expect, it } from 'vitest';
import { accentColors, contrastRatio, parseHex } from './accentColors.js';
import { themeColors } from './themeColors.js';

const rgb = (hex: string) => parseHex(hex) as [number, number, number];
const contrast = (a: string, b: string) => contrastRatio(rgb(a), rgb(b));

// Dark and light backgrounds, saturated ones, and mid-tones where neither black nor white reads by much.
const DARK = ['#13152F', '#000000', '#0B3D2E', '#4A0E0E', '#1E3A8A', '#333'];
const LIGHT = ['#FFFFFF', '#FDF6E3', '#E0F2FE', '#FFD400', '#00FF00', '#CCC'];
const MID = ['#777777', '#808080', '#FF0000', '#0088CC', '#8E44AD', '#5F9EA0'];

describe('the palette derived from a hex background (appearance.theme)', () => {
  it('reads as dark on a dark background and as light on a light one', () => {
    for (const bg of DARK) expect(themeColors(bg)?.scheme, bg).toBe('dark');
    for (const bg of LIGHT) expect(themeColors(bg)?.scheme, bg).toBe('light');
    expect(themeColors('#13152F')).toMatchObject({ bg: '#13152F' });
    expect(themeColors('#abc')?.bg).toBe('#AABBCC');
  });

  it('keeps every text colour readable on the background and the surface (WCAG AA 4.5:1)', () => {
    for (const bg of [...DARK, ...LIGHT, ...MID]) {
      const theme = themeColors(bg);
      if (!theme) throw new Error(`no theme for ${bg}`);
      for (const text of [theme.fg, theme.muted, theme.error, theme.success]) {
        expect(contrast(text, theme.bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(theme.fg, theme.surface), `text on the surface of ${bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(theme.muted, theme.surface), `muted on the surface of ${bg}`).toBeGreaterThanOrEqual(4.5);
      // Secondary text stays secondary: less contrast than the text itself.
      expect(contrast(theme.muted, theme.bg)).toBeLessThanOrEqual(contrast(theme.fg, theme.bg));
      // The border and the surface are visibly not the background.
      expect(theme.border).not.toBe(theme.bg);
      expect(theme.surface).not.toBe(theme.bg);
    }
  });

  it('moves the accent until links read on that background too', () => {
    for (const bg of [...DARK, ...LIGHT, ...MID])
      for (const accent of ['#676FFF', '#FFD400', '#111111', '#FF0000']) {
        const colors = accentColors(accent, bg);
        expect(contrast(colors.text, bg), `${accent} on ${bg}`).toBeGreaterThanOrEqual(4.5);
        expect(colors.textDark).toBe(colors.text);
      }
  });

  it('is undefined for a value that is not #rgb or #rrggbb', () => {
    for (const value of ['dark', '#12345', '#GGGGGG', '13152F', '']) expect(themeColors(value)).toBeUndefined();
  });
});
