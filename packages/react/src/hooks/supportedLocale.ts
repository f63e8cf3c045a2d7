import type { LatchLocale } from './useLocaleTexts.js';

const warned = new Set<string>();

/**
 * The locale the provider renders: the asked-for one when the widget has it ('en', 'es'), else 'en' with one
 * console warning per unknown value (an unknown locale once threw from render and blanked the host page).
 */
export function supportedLocale(locale: string | undefined): LatchLocale {
  if (locale === 'es') return locale;
  if (locale && locale !== 'en' && !warned.has(locale)) {
    warned.add(locale);
    console.warn(`Latch: no locale "${locale}"; showing 'en'.`);
  }
  return 'en';
}
