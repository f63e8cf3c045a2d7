import { toUser, type WireLinkedAccount } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { canAddPasskey, passkeyList } from './passkeyList.js';

const passkey = (n: number): WireLinkedAccount => ({
  type: 'passkey',
  credential_id: `cred-${n}`,
  authenticator_name: null,
  created_with_browser: null,
  created_with_os: null,
  enrolled_in_mfa: false,
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
});
const userWith = (count: number) =>
  toUser({
    id: 'did:latch:u',
    created_at: 1,
    linked_accounts: [
      { type: 'email', address: 'a@example.com', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 },
      ...Array.from({ length: count }, (_, i) => passkey(i)),
    ],
    mfa_methods: [],
    has_accepted_terms: true,
  });

describe('passkeyList (SPEC §2 LINK_PASSKEY_SCREEN, §9)', () => {
  it('shows 2 passkeys until expanded, then all, and only passkeys', () => {
    const collapsed = passkeyList(userWith(3), false);
    expect(collapsed.passkeys).toHaveLength(3);
    expect(collapsed.shown.map((a) => a.credentialId)).toEqual(['cred-0', 'cred-1']);
    expect(collapsed.hasMore).toBe(true);
    const all = passkeyList(userWith(3), true);
    expect(all.shown).toHaveLength(3);
    expect(all.hasMore).toBe(false);
    expect(passkeyList(userWith(2), false).hasMore).toBe(false);
  });

  it('hides the add option at 5 passkeys', () => {
    expect(passkeyList(userWith(4), false).canAdd).toBe(true);
    expect(passkeyList(userWith(5), false).canAdd).toBe(false);
    expect(canAddPasskey(0)).toBe(true);
    expect(passkeyList(null, false)).toEqual({ passkeys: [], shown: [], hasMore: false, canAdd: true });
  });
});
