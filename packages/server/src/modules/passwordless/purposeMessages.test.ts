import { describe, expect, it } from 'vitest';
import { emailPurposeMessage, smsPurposeMessage } from './purposeMessages.js';

describe('code messages by purpose', () => {
  it('keeps the login message for login codes', () => {
    expect(emailPurposeMessage('Acme', 'a@example.com', '123456', 'login').subject).toBe(
      '123456 is your login code for Acme',
    );
  });

  it('names the change a non-login code allows, so nobody hands it over as a login code', () => {
    const message = emailPurposeMessage('Acme', 'a@example.com', '123456', 'update-old');
    expect(message.subject).toBe(
      '123456 is your code to confirm changing your login address away from this one at Acme',
    );
    expect(message.text).not.toContain('login code');
    expect(message.code).toBe('123456');
    expect(smsPurposeMessage('Acme', '+14155550100', '654321', 'unlink').text).toMatch(
      /^654321 is your code to remove this address from your account at Acme\./,
    );
  });

  it('escapes the app name in HTML', () => {
    expect(emailPurposeMessage('<b>Acme</b>', 'a@example.com', '123456', 'link').html).toContain('&lt;b&gt;Acme');
  });
});
