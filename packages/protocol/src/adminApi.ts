/**
 * The admin API (issue #15): a host's backend calls it with `Authorization: Basic base64(appId:appSecret)`,
 * never from a browser (docs/node-sdk.md). Paths follow Privy's server API: lookups are POSTs so that
 * emails, phone numbers and addresses stay out of URLs and access logs.
 */
export const ADMIN_API = {
  /** GET a user (WireUser) by id (the DID or the bare id); DELETE the user. */
  user: (userId: string) => `/api/v1/admin/users/${encodeURIComponent(userId)}`,
  /** POST `{ address }` → the user with this email address. */
  userByEmail: '/api/v1/admin/users/email/address',
  /** POST `{ number }` (E.164) → the user with this phone number. */
  userByPhone: '/api/v1/admin/users/phone/number',
  /** POST `{ address }` → the user with this wallet (linked or embedded). */
  userByWallet: '/api/v1/admin/users/wallet/address',
  /** GET the user's security events (WireSecurityEventList), newest first; `?before=<event id>` pages on. */
  userSecurityEvents: (userId: string) => `/api/v1/admin/users/${encodeURIComponent(userId)}/security_events`,
} as const;

/** The start of every app secret (`latch_sk_<base64url of 32 random bytes>`), so scanners and people recognise one. */
export const APP_SECRET_PREFIX = 'latch_sk_';
