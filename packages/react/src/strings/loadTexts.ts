import { en, type StringCatalogue, type Strings } from './en.js';
import { isSimpleMessage } from './isSimpleMessage.js';

// Each second locale is a module of its own, imported only when a provider asks for it.
const LOCALES: Record<string, () => Promise<Partial<StringCatalogue>>> = {
  en: async () => ({}),
  es: async () => (await import('./locales/es.js')).es,
};

/**
 * A locale's texts with the host's overrides on top, once loaded, and the overrides that use plural, select or
 * number compiled (loaded with the provider only when it needs them). A locale the widget lacks is refused.
 */
export async function loadTexts(locale: string, strings: Partial<StringCatalogue> = {}): Promise<Strings> {
  const load = LOCALES[locale];
  if (!Object.hasOwn(LOCALES, locale) || !load)
    throw new Error(`Latch: locale "${locale}" is not available (use one of: ${Object.keys(LOCALES).join(', ')}).`);
  const texts = await load();
  if (Object.values(strings).some((text) => text && !isSimpleMessage(text)))
    (await import('./compileOverrides.js')).compileOverrides(strings);
  return { ...en, ...texts, ...strings } as Strings;
}
