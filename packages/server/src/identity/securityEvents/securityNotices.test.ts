import { SECURITY_EVENT_TYPES } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { devicePrefix, maskEmail, maskIdentifier, maskPhone } from './maskIdentifier.js';
import { securityNoticeText, verifiedChannels } from './securityNotices.js';

describe('security notices', () => {
  it('go to every linked email and phone once, never to other accounts', () => {
    const accounts = [
      { type: 'email', account_key: 'a@x.com' },
      { type: 'wallet', account_key: '0xabc' },
      { type: 'phone', account_key: '+14155550100' },
      { type: 'google_oauth', account_key: 'sub-1' },
      { type: 'email', account_key: 'a@x.com' },
    ];
    expect(verifiedChannels(accounts)).toEqual([
      { channel: 'email', to: 'a@x.com' },
      { channel: 'sms', to: '+14155550100' },
    ]);
    expect(verifiedChannels([{ type: 'custom_auth', account_key: 'u1' }])).toEqual([]);
  });

  it('name the app and what happened, for every event type', () => {
    for (const type of SECURITY_EVENT_TYPES) {
      const { subject, text } = securityNoticeText(type, 'Acme', {
        device: 'abcd1234',
        account_type: 'email',
        identifier: 'j•••@x.com',
        new_identifier: 'k•••@x.com',
        mfa_method: 'totp',
      });
      expect(subject.length).toBeGreaterThan(10);
      expect(text.startsWith(`${subject} (Acme). `)).toBe(true);
      expect(text).not.toContain('undefined');
    }
    expect(securityNoticeText('recovery_released', 'Acme', {}).subject).toBe('A new device can now use your wallet');
    expect(securityNoticeText('export_released', 'Acme', {}).subject).toBe('Your wallet key was exported');
    expect(securityNoticeText('account_linked', 'Acme', { account_type: 'oauth' }).text).toContain(
      '(Acme). oauth can now log in',
    );
    expect(securityNoticeText('mfa_enrolled', 'Acme', { mfa_method: 'sms' }).text).toContain('SMS codes is on');
  });

  it('mask identifiers and cut device ids', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••@example.com');
    expect(maskPhone('+14155550123')).toBe('•••••••0123');
    expect(maskIdentifier({ type: 'wallet', account_key: '0x1234567890abcdef1234567890abcdef12345678' })).toBe(
      '0x1234…5678',
    );
    expect(maskIdentifier({ type: 'google_oauth', account_key: '1098765432' })).toBe('1098…');
    expect(devicePrefix('Xk3v-9QpZ0aBcDeFgHiJkLmNoPqRsTuVwXyZ012345')).toBe('Xk3v-9Qp');
  });
});
