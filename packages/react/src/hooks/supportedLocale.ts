import type { LatchLocale } from './useLocaleTexts.js';

const LOCALES: readonly string[] = ['en', 'es'] satisfies LatchLocale[];
const warned = new Set<string>();

/**
 * The locale the provider renders: the asked-for one when the widget has it, else 'en' with one console warning
 * per unknown value (an unknown locale once threw from render and blanked the host page).
 */
export function supportedLocale(locale: string | undefined): LatchLocale {
  if (locale === undefined || LOCALES.includes(locale)) return (locale ?? 'en') as LatchLocale;
  if (!warned.has(locale)) {
    warned.add(locale);
    console.warn(`Latch: locale "${locale}" is not available; showing 'en'.`);
  }
  return 'en';
}
