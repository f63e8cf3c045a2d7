import { DISPLAY, LIMIT, type LinkedAccount, type User } from '@latch/protocol';

/** SPEC §5/§9: a user may add a passkey while they have fewer than 5 (the add option is hidden at 5). */
export const canAddPasskey = (count: number): boolean => count < LIMIT.passkeysPerUser;

/**
 * LINK_PASSKEY_SCREEN's list (SPEC §2, §9): the user's passkeys, the ones shown (2 until 'View all'),
 * whether 'View all' has more to show, and whether the add option shows.
 */
export function passkeyList(
  user: User | null,
  expanded: boolean,
): { passkeys: LinkedAccount[]; shown: LinkedAccount[]; hasMore: boolean; canAdd: boolean } {
  const passkeys = (user?.linkedAccounts ?? []).filter((account) => account.type === 'passkey');
  const shown = expanded ? passkeys : passkeys.slice(0, DISPLAY.passkeysCollapsed);
  return { passkeys, shown, hasMore: shown.length < passkeys.length, canAdd: canAddPasskey(passkeys.length) };
}
