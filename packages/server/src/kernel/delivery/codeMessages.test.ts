import { describe, expect, it } from 'vitest';
import { emailCodeMessage, smsCodeMessage } from './codeMessages.js';

describe('code messages', () => {
  it('writes the email a person recognises: code and app in the subject, expiry and the ignore line', () => {
    const email = emailCodeMessage('Acme', 'ada@example.com', '123456');
    expect(email.to).toBe('ada@example.com');
    expect(email.code).toBe('123456');
    expect(email.subject).toBe('123456 is your login code for Acme');
    expect(email.text).toContain('Your login code for Acme is:\n\n123456\n');
    expect(email.text).toContain('It expires in 10 minutes');
    expect(email.text).toContain("If you didn't request this, you can ignore this email.");
    expect(email.html).toContain('123456');
    expect(email.html).toContain('expires in 10 minutes');
  });

  it('escapes the app name in the HTML part', () => {
    const email = emailCodeMessage('<b>Evil</b> & Co', 'ada@example.com', '000111');
    expect(email.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co');
    expect(email.html).not.toContain('<b>Evil</b>');
  });

  it('puts the code first in the SMS, with the app name and expiry', () => {
    const sms = smsCodeMessage('Acme', '+14155550100', '654321');
    expect(sms).toEqual({
      to: '+14155550100',
      code: '654321',
      text: "654321 is your login code for Acme. It expires in 10 minutes. Don't share it with anyone.",
    });
  });
});
