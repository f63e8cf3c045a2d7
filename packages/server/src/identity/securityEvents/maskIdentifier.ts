import type { LinkedAccountRow } from '../identityTables.js';

/** An email as notices and events show it: `j•••@example.com`. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, 1)}•••${at > 0 ? address.slice(at) : ''}`;
}

/** A phone number as notices and events show it: `•••••••4567`. */
export const maskPhone = (phone: string): string => `•••••••${phone.slice(-4)}`;

/**
 * A linked account's identifier, masked for the audit row and the notices: an email or phone as above, a
 * wallet address as `0x1234…abcd`, anything else (an OAuth subject, a Telegram id, a passkey's credential id)
 * cut to its first 4 characters.
 */
export function maskIdentifier(account: Pick<LinkedAccountRow, 'type' | 'account_key'>): string {
  const key = account.account_key;
  if (account.type === 'email') return maskEmail(key);
  if (account.type === 'phone') return maskPhone(key);
  if (account.type === 'wallet' && key.startsWith('0x')) return `${key.slice(0, 6)}…${key.slice(-4)}`;
  return `${key.slice(0, 4)}…`;
}

/** A device key's thumbprint cut to the prefix events name it by. */
export const devicePrefix = (deviceId: string): string => deviceId.slice(0, 8);
