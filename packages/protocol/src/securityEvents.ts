/**
 * Security events (docs/server.md "Security events"): every release of wallet material and every
 * change of who can log in or how the user verifies is told to the user's verified channels, written as an
 * audit row the user and the admin API can list, and sent as a `security.<type>` webhook.
 */

/** Every security event type. */
export const SECURITY_EVENT_TYPES = [
  'recovery_released',
  'device_registered',
  'export_released',
  'account_linked',
  'account_unlinked',
  'login_email_changed',
  'login_phone_changed',
  'mfa_enrolled',
  'mfa_removed',
  'recovery_password_locked',
  // Cloud backups (docs/cloud-backup.md): the wallet's recovery now opens with a cloud backup (or moved to another).
  'recovery_method_changed',
  // Issue #32: a private key the user typed in the frame became their embedded wallet.
  'wallet_imported',
] as const;

/** One security event type. */
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * What an event says beyond its type: never a token, share, key or code. Device ids are cut to a prefix of
 * their public-key thumbprint; addresses and identifiers are masked (`j•••@example.com`, `•••••••4567`).
 */
export interface SecurityEventDetail {
  /** The first 8 characters of the device key's thumbprint (device, recovery and export events). */
  device?: string;
  /** The wallet's recovery method (recovery_released). */
  recovery_method?: 'latch' | 'user-passcode' | 'google-drive' | 'icloud';
  /** The linked account's type (account_linked, account_unlinked), e.g. `email`, `google_oauth`. */
  account_type?: string;
  /** The account's identifier, masked (account events), or the old one (login_*_changed). */
  identifier?: string;
  /** The new identifier, masked (login_*_changed). */
  new_identifier?: string;
  /** The MFA method (mfa_enrolled, mfa_removed). */
  mfa_method?: 'totp' | 'sms' | 'passkey';
}

/** One security event as `GET /api/v1/users/me/security_events` and the admin API return it. */
export interface WireSecurityEvent {
  id: string;
  type: SecurityEventType;
  /** Unix seconds. */
  created_at: number;
  detail: SecurityEventDetail;
  /** The client IP as the server's trusted-proxy rules decide (`unknown` when it cannot tell). */
  ip: string;
  user_agent: string | null;
}

/** The answer of the security event lists: newest first; `next_before` pages on (`?before=`), null at the end. */
export interface WireSecurityEventList {
  events: WireSecurityEvent[];
  next_before: string | null;
}

/** Events per page at most (and the default). */
export const SECURITY_EVENTS_PAGE = 50;
