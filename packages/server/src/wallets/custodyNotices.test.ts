import { describe, expect, it } from 'vitest';
import { custodyContact, custodyContacts, custodyNoticeText, maskedContact } from './custodyNotices.js';

describe('custody contact and notices', () => {
  it('prefers the newest email, then the newest phone, else none', () => {
    const email = (key: string) => ({ type: 'email', account_key: key });
    const phone = (key: string) => ({ type: 'phone', account_key: key });
    expect(custodyContact([phone('+14155550100'), email('a@x.com'), email('b@x.com')])).toEqual({
      channel: 'email',
      to: 'b@x.com',
    });
    expect(custodyContact([phone('+14155550100'), { type: 'wallet', account_key: '0xabc' }])).toEqual({
      channel: 'sms',
      to: '+14155550100',
    });
    expect(custodyContact([{ type: 'wallet', account_key: '0xabc' }])).toBeUndefined();
  });

  it('lists every verified email and phone for notices that go to all channels', () => {
    const accounts = [
      { type: 'phone', account_key: '+14155550100' },
      { type: 'wallet', account_key: '0xabc' },
      { type: 'email', account_key: 'a@x.com' },
    ];
    expect(custodyContacts(accounts)).toEqual([
      { channel: 'sms', to: '+14155550100' },
      { channel: 'email', to: 'a@x.com' },
    ]);
  });

  it('masks the destination', () => {
    expect(maskedContact({ channel: 'email', to: 'jane.doe@example.com' })).toEqual({
      channel: 'email',
      destination: 'j•••@example.com',
    });
    expect(maskedContact({ channel: 'sms', to: '+14155550123' })).toEqual({
      channel: 'sms',
      destination: '•••••••0123',
    });
  });

  it('names the app and says what to do', () => {
    const { subject, text } = custodyNoticeText('new-device', 'Acme');
    expect(subject).toBe('A new device can now use your wallet');
    expect(text).toMatch(/^A new device can now use your wallet \(Acme\)\. If this was you/);
    expect(custodyNoticeText('key-exported', 'Acme').text).toContain('Your wallet key was exported (Acme).');
  });
});
