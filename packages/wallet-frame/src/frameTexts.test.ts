import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_TEXT, EXPORT_PAGE_TEXT_ES, exportErrorText, exportPageText } from './frameTexts.js';

describe('export page texts', () => {
  it("follow the widget's locale (the page's `locale` query value), English for anything else", () => {
    expect(exportPageText('es')).toBe(EXPORT_PAGE_TEXT_ES);
    expect(exportPageText('es-MX')).toBe(EXPORT_PAGE_TEXT_ES);
    expect(exportPageText('en')).toBe(EXPORT_PAGE_TEXT);
    expect(exportPageText('fr')).toBe(EXPORT_PAGE_TEXT);
    expect(exportPageText(null)).toBe(EXPORT_PAGE_TEXT);
    expect(exportPageText('<script>')).toBe(EXPORT_PAGE_TEXT);
  });

  it('word failures in the chosen language', () => {
    expect(exportErrorText(new LatchError('too_many_requests'), EXPORT_PAGE_TEXT_ES)).toBe(
      'Demasiados intentos. Espera un momento antes de volver a intentarlo.',
    );
    expect(exportErrorText(new Error('boom'), EXPORT_PAGE_TEXT_ES)).toBe(EXPORT_PAGE_TEXT_ES.error);
    expect(EXPORT_PAGE_TEXT_ES.codePrompt('a•••@example.com')).toBe(
      'Introduce el código que enviamos a a•••@example.com',
    );
    expect(exportErrorText(new LatchError('invalid_credentials'))).toBe(EXPORT_PAGE_TEXT.wrongCode);
  });
});
