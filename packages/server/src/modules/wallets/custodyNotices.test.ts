import { describe, expect, it } from 'vitest';
import { custodyContact, maskedContact } from './custodyNotices.js';

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
});
