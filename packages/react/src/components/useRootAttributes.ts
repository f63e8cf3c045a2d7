import { DEFAULTS } from '@latch/protocol';
import { useMemo } from 'react';
import { useClientState } from '../hooks/index.js';
import { themeVariables } from '../styles/theme.js';

/** The attributes of the widget root: the scope of every CSS rule, the scheme and the accent variables. */
export function useRootAttributes(): {
  'data-latch-root': '';
  'data-latch-theme': 'light' | 'dark';
  style: Record<string, string>;
} {
  const { config } = useClientState();
  const palette = config?.appearance.palette;
  const scheme = palette?.colorScheme ?? DEFAULTS.colorScheme;
  return useMemo(
    () => ({ 'data-latch-root': '', 'data-latch-theme': scheme, style: themeVariables(palette?.accent, scheme) }),
    [scheme, palette?.accent],
  );
}
