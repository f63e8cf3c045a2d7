import { DEFAULTS } from '@latch/protocol';
import { useMemo } from 'react';
import { useClientState } from '../hooks/index.js';

/**
 * The attributes of the widget root: the scope of every CSS rule, the scheme ('system' follows the
 * device's prefers-color-scheme live, in CSS, so a server render needs no guess) and the accent colours,
 * as the private inputs of the documented custom properties (theme.css; a host stylesheet's values win).
 */
export function useRootAttributes(): {
  'data-latch-root': '';
  'data-latch-theme': 'light' | 'dark' | 'system';
  style: Record<string, string | undefined>;
} {
  const { config } = useClientState();
  const palette = config?.appearance.palette;
  const scheme = palette?.colorScheme ?? DEFAULTS.colorScheme;
  const colors = palette?.colors;
  const theme = palette?.theme;
  return useMemo(
    () => ({
      'data-latch-root': '',
      'data-latch-theme': scheme,
      style: {
        // A hex theme's palette (core's themeColors): bg, fg, muted, border, surface, error, success.
        ...(theme && Object.fromEntries(Object.entries(theme).map(([name, value]) => [`--latch-_${name}`, value]))),
        '--latch-_accent': colors?.accent,
        '--latch-_accent-fill': colors?.fill,
        '--latch-_accent-contrast': colors?.contrast,
        '--latch-_accent-text': colors?.text,
        '--latch-_accent-text-dark': colors?.textDark,
      },
    }),
    [scheme, colors, theme],
  );
}
