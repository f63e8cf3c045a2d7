import { describe, expect, it } from 'vitest';
import { compileOverrides } from './compileOverrides.js';
import { format } from './format.js';
import { isSimpleMessage } from './isSimpleMessage.js';
import { loadTexts } from './loadTexts.js';
import { catalogues } from './locales/catalogues.js';

describe('format (ICU)', () => {
  it('fills simple arguments without the runtime, exactly as ICU would', () => {
    expect(isSimpleMessage('Remove {name}')).toBe(true);
    expect(format('Remove {name}', { name: 'Key 1' })).toBe('Remove Key 1');
    expect(isSimpleMessage("Didn't get a code?")).toBe(true);
  });

  it('formats the catalogues’ plurals by locale (precompiled)', () => {
    const en = catalogues.en;
    const es = catalogues.es;
    expect(format(en.code_wrong_length, { length: 6 })).toBe('Code should be 6 digits');
    expect(format(en.code_wrong_length, { length: 1 })).toBe('Code should be 1 digit');
    expect(format(es.code_wrong_length, { length: 6 }, 'es')).toBe('El código debe tener 6 dígitos');
    expect(format(es.passkeyLimitReached, { limit: 1 }, 'es')).toBe(
      'Tienes 1 llave de acceso, el máximo que puede tener una cuenta.',
    );
  });

  it("compiles a host's ICU override and refuses an invalid one by key", () => {
    const text = '{count, plural, one {# clé} other {# clés}}';
    expect(isSimpleMessage(text)).toBe(false);
    compileOverrides({ mfaPasskeyMore: text });
    expect(format(text, { count: 2 }, 'fr')).toBe('2 clés');
    expect(() => compileOverrides({ mfaPasskeyMore: '{count, plural, one {' })).toThrow(
      /strings\.mfaPasskeyMore is not a valid ICU message/,
    );
  });
});

describe('loadTexts', () => {
  it('gives a locale with the host overrides on top', async () => {
    const texts = await loadTexts('es', { close: 'Salir' });
    expect(texts.loading).toBe('Cargando');
    expect(texts.close).toBe('Salir');
  });

  it('refuses a locale the widget does not ship, naming the ones it does', async () => {
    await expect(loadTexts('fr')).rejects.toThrow('Latch: locale "fr" is not available (use one of: en, es).');
    await expect(loadTexts('toString')).rejects.toThrow(/not available/);
  });
});
