import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { catalogues } from './catalogues.js';
import { compileCatalogues } from './compileCatalogues.js';
import { compiledMessages } from './compiledMessages.js';

/** The arguments of an ICU message, each with its type ('' for a plain `{name}`), sorted. */
function argumentsOf(text: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content' || token.type === 'octothorpe') continue;
      found.add(`${token.arg}:${token.type === 'argument' ? '' : token.type}`);
      if ('cases' in token) for (const c of token.cases) walk(c.tokens);
    }
  };
  walk(parse(text));
  return [...found].sort();
}

describe('locale catalogues', () => {
  const en = catalogues.en as Record<string, string>;

  for (const [locale, catalogue] of Object.entries(catalogues)) {
    it(`${locale}: every message is valid ICU`, () => {
      for (const [key, text] of Object.entries(catalogue)) expect(() => parse(text), key).not.toThrow();
    });
    if (locale === 'en') continue;
    it(`${locale}: has every English key, no other, with the same arguments`, () => {
      const own = catalogue as Record<string, string>;
      expect(Object.keys(own).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) expect(argumentsOf(own[key] ?? ''), key).toEqual(argumentsOf(en[key] ?? ''));
      // Untranslated leftovers: an English sentence copied as is (names and codes may match: one word only).
      const same = Object.keys(en).filter((key) => own[key] === en[key] && /\s/.test(en[key] ?? ''));
      expect(same).toEqual([]);
    });
  }

  it('the committed compiled messages match the catalogues (run npm run i18n:compile after an edit)', () => {
    expect(compiledMessages).toEqual(compileCatalogues());
  });

  it('the parity check fails on a missing argument', () => {
    expect(argumentsOf('Quitar')).not.toEqual(argumentsOf('Remove {name}'));
    expect(argumentsOf('{n, plural, one {# a} other {# b}}')).not.toEqual(argumentsOf('{n} b'));
  });
});
