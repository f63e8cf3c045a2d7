import { useEffect, useState } from 'react';
import { en, type StringCatalogue, type Strings } from '../strings/en.js';

/** The locales the widget ships: English (in the page's chunk) and Spanish (loaded when asked for). */
export type LatchLocale = 'en' | 'es';

const merge = (strings?: Partial<StringCatalogue>) => ({ ...en, ...strings }) as Strings;

/**
 * The texts for `locale` with the host's overrides on top. English with overrides free of ICU syntax is ready at
 * once; a second locale, or an override with ICU syntax to compile, loads first (strings/loadTexts.ts). The state
 * keeps the previous texts until the new ones are there (null before the first load), so a modal never shows
 * English before the asked-for language, and a runtime switch never blanks it.
 */
export function useLocaleTexts(locale: LatchLocale, strings: Partial<StringCatalogue> | undefined): Strings | null {
  // No '{' and no quoting apostrophe in any override: nothing to load or compile.
  const plain = locale === 'en' && !/[{']/.test(Object.values(strings ?? {}).join(''));
  const [texts, setTexts] = useState<Strings | Error | null>(() => (plain ? merge(strings) : null));
  useEffect(() => {
    // Loads resolve in the order asked (the loader module and each locale are fetched once), so the last one wins.
    if (plain) setTexts(merge(strings));
    else import('../strings/loadTexts.js').then((m) => m.loadTexts(locale, strings)).then(setTexts, setTexts);
  }, [plain, locale, strings]);
  if (texts instanceof Error) throw texts;
  return texts;
}
