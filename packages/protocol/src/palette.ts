/** Colours derived from an accent: the accent, button fill and its text, link text on light and dark. */
export interface AccentColors {
  accent: string;
  fill: string;
  contrast: string;
  text: string;
  textDark: string;
}

/**
 * A host's background theme (`appearance.theme: '#13152F'`), derived by the client (core's themeColors): the scheme
 * it reads as, and every surface and text colour, each text readable on it (WCAG AA).
 */
export interface ThemeColors {
  scheme: 'light' | 'dark';
  bg: string;
  fg: string;
  muted: string;
  border: string;
  surface: string;
  error: string;
  success: string;
}

/**
 * The app config's palette (SPEC §3). 'system' (a host setting) follows the device's prefers-color-scheme.
 * `colors`: derived from the accent by the client (readable pairs, core's accentColors), absent until it has merged
 * the config. `theme`: a host's hex background and its derived colours (colorScheme is then the scheme it reads as).
 */
export interface Palette {
  colorScheme: 'light' | 'dark' | 'system';
  accent: string;
  colors?: AccentColors;
  theme?: ThemeColors;
}
