import { paramPath } from './paramPath.js';

// The admin API (docs/node-sdk.md) and the webhooks it manages; not in SPEC §7 (a host's
// backend calls it, never the widget). Server: modules/adminApi/.

/**
 * The admin API: a host's backend calls it with `Authorization: Basic base64(appId:appSecret)`, never
 * from a browser. Paths follow Privy's server API: lookups are POSTs so that emails, phone numbers and
 * addresses stay out of URLs and access logs. A path with parameters is called with them (`user(id)`).
 */
export const ADMIN_API = {
  /** GET a user (WireUser) by id (the DID or the bare id); DELETE the user. */
  user: paramPath('/api/v1/admin/users/:userId'),
  /** POST `{ address }` → the user with this email address. */
  userByEmail: '/api/v1/admin/users/email/address',
  /** POST `{ number }` (E.164) → the user with this phone number. */
  userByPhone: '/api/v1/admin/users/phone/number',
  /** POST `{ address }` → the user with this wallet (linked or embedded). */
  userByWallet: '/api/v1/admin/users/wallet/address',
  /** GET the user's security events (WireSecurityEventList), newest first; `?before=<event id>` pages on. */
  userSecurityEvents: paramPath('/api/v1/admin/users/:userId/security_events'),
  /** POST AdminCreateUserBody → the new user (WireUser); `user.created` is sent. */
  users: '/api/v1/admin/users',
  /** POST `{ users: AdminCreateUserBody[] }` → AdminImportResponse: one result per user, idempotent. */
  usersImport: '/api/v1/admin/users/import',
  /** POST AdminSearchBody → AdminUserPage (newest first; `cursor` pages on). */
  usersSearch: '/api/v1/admin/users/search',
  /** POST `{ custom_metadata }` → the user with it (WireUser `custom_metadata`). */
  userCustomMetadata: paramPath('/api/v1/admin/users/:userId/custom_metadata'),
  /** GET → AdminAllowlist; POST `{ entries }` adds to it (AdminAllowlist). */
  allowlist: '/api/v1/admin/allowlist',
  /** POST `{ entries }` → AdminAllowlist without them. */
  allowlistRemove: '/api/v1/admin/allowlist/remove',
  /** GET → `{ data: AdminWebhookEndpoint[] }`; POST `{ url, events? }` → the endpoint with its secret, shown once. */
  webhooks: '/api/v1/admin/webhooks',
  /** DELETE the endpoint (204). */
  webhook: paramPath('/api/v1/admin/webhooks/:endpointId'),
  /** POST → AdminWebhookTestResult: a `webhook.test` event queued for this endpoint. */
  webhookTest: paramPath('/api/v1/admin/webhooks/:endpointId/test'),
  /** GET → `{ data: AdminWebhookDelivery[] }`: the latest 100 deliveries, newest first. */
  webhookDeliveries: '/api/v1/admin/webhooks/deliveries',
} as const;
