import { describe, expect, it } from 'vitest';
import { toUser, userDid } from './user.js';

describe('user mapping (SPEC §3)', () => {
  it('maps linked accounts to camelCase with Date timestamps and fills the convenience fields', () => {
    const user = toUser({
      id: 'u1',
      created_at: 1_700_000_000,
      has_accepted_terms: false,
      mfa_methods: [{ type: 'totp', verified_at: 1_700_000_100 }],
      linked_accounts: [
        {
          type: 'email',
          address: 'a@b.co',
          verified_at: 1_700_000_000,
          first_verified_at: 1_700_000_000,
          latest_verified_at: null,
        },
        {
          type: 'phone',
          phone_number: '+14155550100',
          verified_at: 1_700_000_001,
          first_verified_at: null,
          latest_verified_at: null,
        },
      ],
    });
    expect(user.createdAt.getTime()).toBe(1_700_000_000_000);
    expect(user.email).toEqual({ address: 'a@b.co' });
    expect(user.phone).toEqual({ number: '+14155550100' });
    expect(user.mfaMethods).toEqual(['totp']);
    expect(user.linkedAccounts[1]).toMatchObject({
      type: 'phone',
      phoneNumber: '+14155550100',
      latestVerifiedAt: null,
    });
    expect(user.linkedAccounts[0]?.verifiedAt).toEqual(new Date(1_700_000_000_000));
    expect(user.wallet).toBeUndefined();
  });

  it('builds the token subject', () => {
    expect(userDid('abc')).toBe('did:latch:abc');
  });
});
