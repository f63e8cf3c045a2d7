/** Colours of the export page, from the host's theme (SPEC §7: theme colours as query parameters). */
export interface ExportTheme {
  background: string;
  foreground: string;
  muted: string;
  surface: string;
  border: string;
  accent: string;
  accentForeground: string;
}

/** The light widget palette (react/src/styles/theme.css), used for any colour not given. */
const DEFAULT_EXPORT_THEME: ExportTheme = {
  background: '#ffffff',
  foreground: '#111827',
  muted: '#5b6170',
  surface: '#f3f4f6',
  border: '#e2e4e9',
  accent: '#4338CA',
  accentForeground: '#ffffff',
};

/** The query parameter name of each theme colour. */
const EXPORT_THEME_PARAMS: Record<keyof ExportTheme, string> = {
  background: 'background',
  foreground: 'foreground',
  muted: 'muted',
  surface: 'surface',
  border: 'border',
  accent: 'accent',
  accentForeground: 'accent_foreground',
};

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The theme from query parameters: only `#rgb` / `#rrggbb` values are taken, the rest default. */
export function exportThemeFrom(get: (name: string) => string | null | undefined): ExportTheme {
  const theme = { ...DEFAULT_EXPORT_THEME };
  for (const key of Object.keys(EXPORT_THEME_PARAMS) as (keyof ExportTheme)[]) {
    const value = get(EXPORT_THEME_PARAMS[key]);
    if (value && HEX_COLOUR.test(value)) theme[key] = value;
  }
  return theme;
}
