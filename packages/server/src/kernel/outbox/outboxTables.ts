import type { ColumnType } from 'kysely';

/** webhook_endpoints (migration 019). */
export interface WebhookEndpointsTable {
  id: string;
  app_id: string;
  url: string;
  events: string[];
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created_at: ColumnType<Date, Date | string, Date | string>;
}

/** webhook_deliveries (migration 019): the outbox, one row per event and endpoint. */
export interface WebhookDeliveriesTable {
  id: string;
  app_id: string;
  endpoint_id: string;
  type: string;
  user_id: string;
  /** The linked_accounts row concerned, as JSON. */
  account: ColumnType<unknown, string | null, string | null>;
  created_at: ColumnType<Date, Date | string, Date | string>;
  status: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | 'delivered' | 'failed' | undefined>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string, Date | string>;
  last_status_code: number | null;
  last_attempt_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** The security event of a `security.*` event (migration 022). */
  security_event_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The event outbox's tables (migration 019): which endpoints an app has, and one delivery row per event and
 * endpoint, written inside the login, sign-up and link statements (enqueueEvent.ts). The kernel owns them so
 * those statements work on a server without the webhooks module, which manages the endpoints and sends the rows.
 */
export interface OutboxTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

declare module '../store/schema.js' {
  interface Database extends OutboxTables {}
}
