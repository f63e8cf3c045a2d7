import { describe, expect, it } from 'vitest';
import { actionErrorScreenStrings } from './actionErrorScreenStrings.js';
import { errorScreenText, en as page } from './en.js';

// What ERROR_SCREEN reads: the page's rows and the rows that load with the screen.
const en = { ...actionErrorScreenStrings, ...page };

// SPEC §8 "Error screen by code", row by row, as the catalogue gives it.
describe('errorScreenText (SPEC §8 table)', () => {
  const row = (code: string | undefined, message = 'server said so') => errorScreenText(en, { code, message });

  it('follows each named row', () => {
    expect(row('client_request_timeout')).toEqual({ title: 'Timed out', detail: 'server said so', cta: 'Try again' });
    expect(row('twilio_verification_failed')).toEqual({
      title: 'Something went wrong',
      detail: 'server said so',
      cta: 'Try again later',
    });
    expect(row('invalid_captcha')).toEqual({
      title: 'Something went wrong',
      detail: 'Please try again.',
      cta: 'Try again',
    });
    expect(row('disallowed_login_method')).toEqual({
      title: 'Not allowed',
      detail: 'server said so',
      cta: 'Try another method',
    });
    expect(row('captcha_failure')).toEqual({
      title: 'Something went wrong',
      detail: 'You did not pass CAPTCHA. Please try again.',
      cta: 'Try again',
    });
    expect(row('captcha_timeout')).toEqual({
      title: 'Something went wrong',
      detail: 'Something went wrong! Please try again later.',
      cta: 'Try again later',
    });
    expect(row('linked_to_another_user')).toEqual({
      title: 'Authentication failed',
      detail: 'This account has already been linked to another user.',
      cta: 'Try again',
    });
    expect(row('not_supported')).toEqual({
      title: 'This region is not supported',
      detail: 'SMS authentication from this region is not available',
      cta: 'Try another method',
    });
    expect(row('too_many_requests')).toEqual({
      title: 'Request failed',
      detail: 'Too many attempts.',
      cta: 'Try again later',
    });
  });

  it('falls back to the generic row for 422, other codes, no code and no error', () => {
    const generic = { title: 'Something went wrong', detail: 'server said so', cta: 'Try again later' };
    expect(row('invalid_credentials')).toEqual(generic);
    expect(row('internal_error')).toEqual(generic);
    expect(row(undefined)).toEqual(generic);
    expect(errorScreenText(en, null)).toEqual({ ...generic, detail: '' });
  });

  it('does not read a placeholder out of the server message', () => {
    expect(row('disallowed_login_method', 'not {message} $&').detail).toBe('not {message} $&');
  });

  it('keeps the action-only rows out of the page catalogue (they load with ERROR_SCREEN)', () => {
    expect(errorScreenText(page, { code: 'not_supported', message: 'm' }).title).toBe('Something went wrong');
    expect(errorScreenText(page, { code: 'too_many_requests', message: 'm' }).title).toBe('Request failed');
  });

  it("takes the host's texts, a row's own over the generic row's", () => {
    const strings = { ...en, error_title: 'Fehler', too_many_requests_title: 'Anfrage fehlgeschlagen' };
    expect(errorScreenText(strings, { code: 'too_many_requests', message: '' }).title).toBe('Anfrage fehlgeschlagen');
    expect(errorScreenText(strings, { code: 'invalid_captcha', message: '' }).title).toBe('Fehler');
  });
});

// The error's own message follows the locale (issue #15: every user-facing text in the locale's catalogue).
describe('errorScreenText with a second locale', () => {
  it("shows the catalogue message of the active locale, the host's text for a code, else the error's own", async () => {
    const { es } = await import('./locales/es.js');
    const server = { code: 'twilio_verification_failed', message: 'The SMS could not be sent.' };
    expect(errorScreenText(es, server).detail).toBe('No se pudo enviar el SMS.');
    const overridden = { ...en, server_twilio_verification_failed: 'SMS down' };
    expect(errorScreenText(overridden, server).detail).toBe('SMS down');
    expect(errorScreenText(en, server).detail).toBe('The SMS could not be sent.');
    // A code outside the catalogue (a client-side one) keeps its own message.
    expect(errorScreenText(es, { code: 'timeout', message: 'raw' }).detail).toBe('raw');
  });
});
