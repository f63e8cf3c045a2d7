import { type AccountInput, accountKey, normaliseAccount } from '../users/accounts.js';
import { maskIdentifier } from './maskIdentifier.js';
import type { SecurityEventInput } from './recordSecurityEvent.js';

/** The event of linking or unlinking `input`: its type and masked identifier (no secret). */
export function accountEvent(type: 'account_linked' | 'account_unlinked', input: AccountInput): SecurityEventInput {
  const account = normaliseAccount(input);
  return {
    type,
    detail: {
      account_type: account.type,
      identifier: maskIdentifier({ type: account.type, account_key: accountKey(account) }),
    },
  };
}

/** The same from an account's type and stored key (`account_key`), when no AccountInput is at hand; no key: type only. */
export function accountKeyEvent(
  type: 'account_linked' | 'account_unlinked',
  accountType: string,
  key?: string,
): SecurityEventInput {
  const identifier = key === undefined ? undefined : maskIdentifier({ type: accountType, account_key: key });
  return { type, detail: { account_type: accountType, ...(identifier ? { identifier } : {}) } };
}
