import { describe, expect, it } from 'vitest';
import { emailChangedNotice } from './emailChangedNotice.js';

describe('the login email change notice', () => {
  it('escapes the app name in HTML', () => {
    expect(emailChangedNotice('<i>x</i>', 'a@example.com', 'b@example.com').html).not.toContain('<i>');
  });

  it('tells the old address where the login email went, without a code', () => {
    const notice = emailChangedNotice('Acme', 'old@example.com', 'new@example.com');
    expect(notice).toMatchObject({ to: 'old@example.com', subject: 'Your Acme login email was changed', code: '' });
    expect(notice.text).toContain('from old@example.com to new@example.com');
  });
});
