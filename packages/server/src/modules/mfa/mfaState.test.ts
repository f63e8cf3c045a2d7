import { describe, expect, it } from 'vitest';
import { enrolledMfaMethods, mfaStateOf, requiredMfaActions } from './mfaState.js';

const config = (
  patch: Partial<{
    mfa_methods: Array<'totp' | 'sms' | 'passkey'>;
    mfa_required: boolean;
    mfa_protects_signing: boolean;
  }> = {},
) => ({
  mfa_methods: ['totp', 'sms', 'passkey'] as Array<'totp' | 'sms' | 'passkey'>,
  mfa_required: false,
  mfa_protects_signing: false,
  ...patch,
});
const at = new Date('2026-01-01T00:00:00Z');
const passkey = (enrolled: boolean) => ({
  type: 'passkey',
  details: { credential_id: 'x', enrolled_in_mfa: enrolled },
  verified_at: at,
});

describe('MFA state (docs/mfa.md)', () => {
  it('requires nothing of a user without a method, unless the app requires MFA (then not manage_mfa: enrol first)', () => {
    expect(requiredMfaActions([], config())).toEqual([]);
    expect(requiredMfaActions([], config({ mfa_required: true }))).toEqual(['export', 'recovery', 'set_password']);
    expect(requiredMfaActions([], config({ mfa_required: true, mfa_protects_signing: true }))).toEqual([
      'export',
      'recovery',
      'set_password',
      'sign',
      'send',
    ]);
  });

  it('with a method: export, recovery, set_password, manage_mfa, plus sign and send when the app protects signing', () => {
    expect(requiredMfaActions(['totp'], config())).toEqual(['export', 'recovery', 'set_password', 'manage_mfa']);
    expect(requiredMfaActions(['sms'], config({ mfa_protects_signing: true }))).toEqual([
      'export',
      'recovery',
      'set_password',
      'sign',
      'send',
      'manage_mfa',
    ]);
  });

  it('counts a passkey only when enrolled in MFA, and only methods the app offers', () => {
    const enrolment = { totp: at, sms: null };
    expect(mfaStateOf(enrolment, [passkey(false)], config()).mfa_methods).toEqual(['totp']);
    expect(mfaStateOf(enrolment, [passkey(true)], config()).mfa_methods).toEqual(['totp', 'passkey']);
    // The app dropped totp: the user's TOTP is neither offered nor required.
    expect(mfaStateOf(enrolment, [], config({ mfa_methods: ['sms'] }))).toEqual({
      mfa_methods: [],
      required_actions: [],
    });
    expect(enrolledMfaMethods({ totp: null, sms: at }, [], config())).toEqual([{ type: 'sms', verifiedAt: at }]);
  });
});
