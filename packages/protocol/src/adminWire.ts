import type { OAuthProvider } from './appConfig.js';
import type { WireUser } from './user.js';
import type { LatchWebhookEventType } from './webhooks.js';

/**
 * The bodies and answers of the admin API's write calls (ADMIN_API, docs/node-sdk.md): users created or
 * imported with their linked accounts, searched, given custom metadata; the allowlist; webhook endpoints.
 */

/** A linked account given to create or import a user: the identity only, verified as of the call. */
export type AdminLinkedAccountInput =
  | { type: 'email'; address: string }
  | { type: 'phone'; number: string }
  | { type: 'wallet'; address: string; chain_type?: 'ethereum' }
  | { type: 'custom_auth'; custom_user_id: string }
  | {
      type: `${OAuthProvider}_oauth`;
      subject: string;
      email?: string | null;
      name?: string | null;
      username?: string | null;
    };

/** A user's custom metadata: a small flat JSON object (at most 1 KiB as JSON). */
export type CustomMetadata = Record<string, string | number | boolean>;

/** POST ADMIN_API.users, and each user of an import. */
export interface AdminCreateUserBody {
  linked_accounts: AdminLinkedAccountInput[];
  custom_metadata?: CustomMetadata;
}

/** What happened to one user of an import. */
export type AdminImportResult =
  | { index: number; status: 'created' | 'exists'; user: WireUser }
  | { index: number; status: 'failed'; error: string; message: string };

/** The answer of ADMIN_API.usersImport: one result per user, in the order given. */
export interface AdminImportResponse {
  results: AdminImportResult[];
}

/** POST ADMIN_API.usersSearch: a part of an email, phone number, wallet address or other account id. */
export interface AdminSearchBody {
  search_term: string;
  /** The `next_cursor` of the previous page. */
  cursor?: string;
  /** 1 to 100; 20 by default. */
  limit?: number;
}

/** A page of users, newest first. */
export interface AdminUserPage {
  data: WireUser[];
  next_cursor: string | null;
}

/** The app's allowlist: null when there is none (everyone may log in). */
export interface AdminAllowlist {
  allowlist: string[] | null;
}

/** POST ADMIN_API.allowlist / allowlistRemove: emails, E.164 phone numbers, 0x wallet addresses. */
export interface AdminAllowlistBody {
  entries: string[];
}

/** A webhook endpoint as listed: never its secret. */
export interface AdminWebhookEndpoint {
  endpoint_id: string;
  app_id: string;
  url: string;
  events: LatchWebhookEventType[];
  created_at: string;
}

/** POST ADMIN_API.webhooks: the URL and the events (all when omitted). */
export interface AdminCreateWebhookBody {
  url: string;
  events?: LatchWebhookEventType[];
}

/** The created endpoint with its signing secret, shown this once. */
export type AdminCreatedWebhook = AdminWebhookEndpoint & { secret: string };

/** The state of one delivery (the outbox row). */
export interface AdminWebhookDelivery {
  event_id: string;
  type: string;
  endpoint_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  created_at: string;
}

/** The answer of ADMIN_API.webhookTest: the queued `webhook.test` delivery (see its state in the deliveries). */
export interface AdminWebhookTestResult {
  event_id: string;
  endpoint_id: string;
  status: 'pending';
}
