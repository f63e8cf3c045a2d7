import type { WireSecurityEvent } from './securityEvents.js';
import type { WireLinkedAccount, WireUser } from './user.js';

/**
 * Webhooks (docs/webhooks.md): the events a Latch server POSTs to an app's endpoints, signed per
 * the Standard Webhooks spec (headers webhook-id, webhook-timestamp, webhook-signature).
 */

/** Every event type, in the order docs/webhooks.md lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.authenticated',
  'user.linked_account',
  'user.unlinked_account',
  'user.updated_account',
  'wallet.created',
  // Sent only by the admin API's test-send (sendTestWebhook), to the endpoint named, whatever it subscribes to.
  'webhook.test',
  // Security events (docs/server.md "Security events"): `data.security_event` says what happened.
  'security.recovery_released',
  'security.device_registered',
  'security.export_released',
  'security.account_linked',
  'security.account_unlinked',
  'security.login_email_changed',
  'security.login_phone_changed',
  'security.mfa_enrolled',
  'security.mfa_removed',
  'security.recovery_password_locked',
  'security.recovery_method_changed',
  'security.wallet_imported',
] as const;

/** One event type. */
export type LatchWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** True when `value` names an event type. */
export function isWebhookEventType(value: unknown): value is LatchWebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(value);
}

/** What every event carries: the app, the user (null when deleted before the event was sent) and the account concerned. */
export interface LatchWebhookEventData {
  app_id: string;
  /** The user as the admin API returns it, read when the event is sent (null for `webhook.test`). */
  user: WireUser | null;
  /**
   * The account signed up / logged in / linked / unlinked with, the embedded wallet created, or the account
   * as it is after the change (`user.updated_account`). Null for `webhook.test` and `security.*`.
   */
  account: WireLinkedAccount | null;
  /** The security event (`security.*` types only): its id, detail (no secret), client IP and user agent. */
  security_event?: WireSecurityEvent;
}

/** An event as its body says: `{ type, timestamp, data }`. */
export interface LatchWebhookEvent<T extends LatchWebhookEventType = LatchWebhookEventType> {
  type: T;
  /** When the change happened (ISO 8601). */
  timestamp: string;
  data: LatchWebhookEventData;
}

/** The start of every webhook signing secret (Standard Webhooks): `whsec_<base64 of the key>`. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
