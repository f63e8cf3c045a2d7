// The widget's colours handed to the export page (SPEC §7: theme colours as query parameters, `#rrggbb`).
const THEME_VARIABLES: Record<string, string> = {
  background: '--latch-bg',
  foreground: '--latch-fg',
  muted: '--latch-muted',
  surface: '--latch-surface',
  border: '--latch-border',
  accent: '--latch-accent-fill',
  accent_foreground: '--latch-accent-contrast',
};

/** `#rrggbb` for a computed opaque sRGB colour (`rgb(r, g, b)`), else undefined (the page keeps its default). */
export function computedColourToHex(value: string): string | undefined {
  const match = /^rgba?\(\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*(1|1\.0+))?\s*\)$/.exec(value.trim());
  if (!match) return undefined;
  const channels = [match[1], match[2], match[3]].map(Number);
  if (channels.some((c) => c > 255)) return undefined;
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colours the widget draws, as the export page's query values. Read through a probe element rather
 * than from the custom properties: those hold `light-dark()` pairs or whatever CSS a host set, and only the
 * browser resolves them (by the root's color-scheme) to the colour shown.
 */
export function exportPageTheme(element: Element): Record<string, string> {
  const probe = element.ownerDocument.createElement('span');
  probe.hidden = true;
  element.appendChild(probe);
  const theme: Record<string, string> = {};
  try {
    for (const [name, variable] of Object.entries(THEME_VARIABLES)) {
      probe.style.color = `var(${variable})`;
      const hex = computedColourToHex(getComputedStyle(probe).color);
      if (hex) theme[name] = hex;
    }
  } finally {
    probe.remove();
  }
  return theme;
}
