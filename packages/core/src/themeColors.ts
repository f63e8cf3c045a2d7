import type { ThemeColors } from '@latch/protocol';
import { contrastRatio, parseHex, type Rgb, toHex, untilReadable } from './accentColors.js';

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const MIN_CONTRAST = 4.5; // WCAG AA for normal text

// Each scheme's error and success colours (theme.css's), the start points moved until they read on the background.
const STATUS = {
  light: { error: '#c81e1e', success: '#13804a' },
  dark: { error: '#f87171', success: '#4ade80' },
} as const;

/** `color` moved `share` (0..1) of the way to `toward`. */
const mix = (color: Rgb, toward: Rgb, share: number): Rgb =>
  color.map((c, i) => Math.round(c + ((toward[i] as number) - c) * share)) as Rgb;

/**
 * The widget's palette for a background colour (`appearance.theme: '#13152F'`): the scheme it reads as, and text,
 * secondary text, border, surface, error and success colours derived from it. Every text colour reaches WCAG AA
 * (4.5:1) on the background, and text and secondary text on the surface too; undefined when `background` is not
 * #rgb or #rrggbb. Pure; in the lazy host-config chunk, like accentColors.
 */
export function themeColors(background: string): ThemeColors | undefined {
  const bg = parseHex(background);
  if (!bg) return undefined;
  // The scheme whose text colour (white or black) reads better on this background; one of them always reaches 4.5:1.
  const scheme = contrastRatio(bg, WHITE) >= contrastRatio(bg, BLACK) ? 'dark' : 'light';
  const ink = scheme === 'dark' ? WHITE : BLACK;
  // Hovered rows and panels: a step toward the ink, or away from it on a mid-tone where that step would cost the text AA.
  const toward = mix(bg, ink, 0.07);
  const surface = contrastRatio(toward, ink) >= MIN_CONTRAST ? toward : mix(bg, ink === WHITE ? BLACK : WHITE, 0.07);
  // Checked against whichever of the background and the surface is nearer the ink (the ink itself reads on both).
  const nearer = contrastRatio(surface, ink) < contrastRatio(bg, ink) ? surface : bg;
  const readable = (start: Rgb, min = MIN_CONTRAST) => untilReadable(start, nearer, ink, min);
  const status = (hex: string) => toHex(readable(parseHex(hex) as Rgb));
  return {
    scheme,
    bg: toHex(bg),
    // Text aims at 7:1 (AAA), so it stays above the secondary text even on a mid-tone (there, the ink itself).
    fg: toHex(readable(mix(bg, ink, 0.92), 7)),
    muted: toHex(readable(mix(bg, ink, 0.6))),
    border: toHex(mix(bg, ink, 0.2)),
    surface: toHex(surface),
    error: status(STATUS[scheme].error),
    success: status(STATUS[scheme].success),
  };
}
