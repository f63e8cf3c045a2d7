/**
 * @latch/node — Latch for host backends (docs/node-sdk.md): verify the access and identity tokens your front end sends,
 * read or delete your app's users through the admin API with the app secret, and verify its webhooks.
 */
export type {
  AdminCreatedWebhook,
  AdminImportResult,
  AdminLinkedAccountInput,
  AdminWebhookDelivery,
  AdminWebhookEndpoint,
  AdminWebhookTestResult,
  CustomMetadata,
  WireLinkedAccount,
  WireUser,
} from '@latch/protocol';
export { type ErrorCode, LatchError } from '@latch/protocol';
export type {
  LatchWebhookEvent,
  LatchWebhookEventData,
  LatchWebhookEventType,
} from '@latch/protocol/webhooks';
export type { VerifiedAccessToken } from './accessTokens.js';
export type { AdminClient } from './adminClient.js';
export type { NewLatchUser, UserSearchOptions } from './adminUsers.js';
export { createLatchNode, type LatchNode, type LatchNodeOptions } from './createLatchNode.js';
export type { VerifiedIdentityToken } from './identityTokens.js';
export { type SessionCookieTokens, sessionTokensFromCookies } from './sessionTokensFromCookies.js';
export { verifyWebhook, type WebhookHeaders } from './verifyWebhook.js';
