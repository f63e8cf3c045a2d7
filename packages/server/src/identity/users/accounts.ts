import {
  LatchError,
  LIMIT,
  type LinkedAccountType,
  type LoginMethodFlag,
  OAUTH_PROVIDERS,
  type WireLinkedAccount,
} from '@latch/protocol';
import type { AppRecord } from '../apps/appStore.js';
import type { LinkedAccountRow } from '../identityTables.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A linked-account identity without its timestamps: `{ type: 'email', address }`, `{ type: 'phone', phone_number }`, … */
export type AccountInput = DistributiveOmit<
  WireLinkedAccount,
  'verified_at' | 'first_verified_at' | 'latest_verified_at'
>;

const OAUTH_TYPES = new Set<string>(OAUTH_PROVIDERS.map((p) => `${p}_oauth`));

/** The normalised identity of an account, unique per app and type. */
export function accountKey(account: AccountInput): string {
  switch (account.type) {
    case 'email':
      return account.address.trim().toLowerCase();
    case 'phone':
      return account.phone_number.trim();
    case 'wallet':
      return account.address.trim().toLowerCase();
    case 'custom_auth':
      return account.custom_user_id;
    case 'farcaster':
      return String(account.fid);
    case 'passkey':
      return account.credential_id;
    case 'telegram':
      return account.telegram_user_id;
    default:
      return account.subject;
  }
}

/** The app flag that must be on to log in with (or link) an account of this type; null when none applies. */
function loginMethodFlagFor(type: LinkedAccountType): LoginMethodFlag | null {
  switch (type) {
    case 'email':
      return 'email_auth';
    case 'phone':
      return 'sms_auth';
    case 'wallet':
      return 'wallet_auth';
    case 'farcaster':
      return 'farcaster_auth';
    case 'passkey':
      return 'passkey_auth';
    case 'telegram':
      return 'telegram_auth';
    case 'custom_auth':
      return null;
    default:
      return type as LoginMethodFlag;
  }
}

/** How many accounts of a type one user may hold (SPEC §5); Infinity when unlimited. */
export function maxOfType(type: LinkedAccountType): number {
  if (type === 'passkey') return LIMIT.passkeysPerUser;
  if (type === 'email' || type === 'phone' || type === 'telegram' || type === 'farcaster' || OAUTH_TYPES.has(type))
    return 1;
  return Number.POSITIVE_INFINITY;
}

/** True for the embedded wallet, which is never linked, unlinked or logged in with as an external wallet. */
export function isEmbeddedWallet(account: { type: string; details?: Record<string, unknown> } | AccountInput): boolean {
  const clientType =
    'details' in account
      ? account.details?.wallet_client_type
      : (account as { wallet_client_type?: unknown }).wallet_client_type;
  return account.type === 'wallet' && clientType === 'latch';
}

/**
 * The values an allowlist entry can match for an account: its email, phone or wallet address, and for an
 * OAuth account the provider's email (stored only when the provider says it is verified: modules/oauth/providers.ts).
 */
export function allowlistValues(account: { type: string; account_key: string; details?: unknown }): string[] {
  if (['email', 'phone', 'wallet'].includes(account.type)) return [account.account_key];
  const email = OAUTH_TYPES.has(account.type) ? (account.details as { email?: unknown } | null)?.email : undefined;
  return typeof email === 'string' ? [email.trim().toLowerCase()] : [];
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The wire form of a stored account. */
export function toWireAccount(row: LinkedAccountRow): WireLinkedAccount {
  return {
    ...(row.details as object),
    type: row.type,
    verified_at: seconds(row.verified_at),
    first_verified_at: seconds(row.first_verified_at),
    latest_verified_at: seconds(row.latest_verified_at),
  } as WireLinkedAccount;
}

/** The JSON stored beside the key: every field of the account but its type. */
export function accountDetails(account: AccountInput): Record<string, unknown> {
  const { type: _type, ...rest } = account;
  return rest;
}

/** Lower-cases what must compare case-insensitively (email addresses). */
export function normaliseAccount(account: AccountInput): AccountInput {
  if (account.type === 'email') return { ...account, address: account.address.trim().toLowerCase() };
  return account;
}

/** Throws `disallowed_login_method` when the app has turned off the login method of `type`. */
export function assertAccountTypeEnabled(app: AppRecord, type: LinkedAccountType): void {
  const flag = loginMethodFlagFor(type);
  if (flag && !app.config[flag]) throw new LatchError('disallowed_login_method');
}

/** The row of a newly verified account of `userId`: verified, first and latest verified `now`. */
export function newAccountRow(appId: string, userId: string, account: AccountInput, key: string, now: Date) {
  return {
    app_id: appId,
    user_id: userId,
    type: account.type,
    account_key: key,
    details: JSON.stringify(accountDetails(account)),
    verified_at: now,
    first_verified_at: now,
    latest_verified_at: now,
    created_at: now,
  };
}
