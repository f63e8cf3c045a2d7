import { type AccentColors, DEFAULTS } from '@latch/protocol';

/** A colour as red, green and blue bytes. */
export type Rgb = [number, number, number];

/** Background colours of the two schemes; the widget's CSS uses the same values. */
export const SCHEME_BACKGROUND = { light: '#ffffff', dark: '#18181b' } as const;

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const MIN_CONTRAST = 4.5; // WCAG AA for normal text

/**
 * The colours derived from the accent (SPEC §3 palette): the button fill and its text colour, and the
 * link colour on each scheme's background, every pair readable (WCAG AA 4.5:1). Computed in the lazy
 * host-config chunk, so none of this is in the page's first JavaScript; the widget sets them as the
 * private inputs of its documented custom properties (docs/theming.md).
 */
export function accentColors(accent: string, background?: string): AccentColors {
  const base = parseHex(accent) ?? (parseHex(DEFAULTS.accentColor) as Rgb);
  // Button text: white on an accent dark enough to get there by darkening a little, else black on the accent
  // as it is (white under 3:1 means black over 7:1, since the two ratios multiply to 21).
  const white = contrastRatio(base, WHITE) >= 3;
  // A hex theme's background (themeColors) replaces both schemes' backgrounds: the link must read on that one.
  const custom = parseHex(background);
  const text = (scheme: 'light' | 'dark') => {
    const against = custom ?? (parseHex(SCHEME_BACKGROUND[scheme]) as Rgb);
    const toward = contrastRatio(against, WHITE) >= contrastRatio(against, BLACK) ? WHITE : BLACK;
    return toHex(untilReadable(base, against, custom ? toward : scheme === 'light' ? BLACK : WHITE));
  };
  return {
    accent: toHex(base),
    fill: toHex(white ? untilReadable(base, WHITE, BLACK) : base),
    contrast: white ? '#FFFFFF' : '#000000',
    text: text('light'),
    textDark: text('dark'),
  };
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** `color` moved toward `toward` in twentieths until it reaches `min` contrast on `against` (at worst, `toward`). */
export function untilReadable(color: Rgb, against: Rgb, toward: Rgb, min = MIN_CONTRAST): Rgb {
  let current = color;
  for (let step = 1; step <= 20 && contrastRatio(current, against) < min; step++) {
    current = color.map((c, i) => Math.round(c + ((toward[i] as number) - c) * (step / 20))) as Rgb;
  }
  return current;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Parses #rgb or #rrggbb. */
export function parseHex(value: string | undefined): Rgb | undefined {
  if (!value) return undefined;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  const hex = short ? `${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : value.slice(1);
  if (!/^[0-9a-f]{6}$/i.test(hex) || (!short && value.length !== 7)) return undefined;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

/** #RRGGBB, upper case. */
export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}
