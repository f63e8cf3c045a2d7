import type { LatchWebhookEvent, LatchWebhookEventType } from '@latch/protocol/webhooks';
import { type Selectable, sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { toWireSecurityEvent } from '../../identity/securityEvents/listSecurityEvents.js';
import { toWireAccount } from '../../identity/users/accounts.js';
import { type AccountJson, accountsFromJson, getUser, toWireUser } from '../../identity/users/userRecords.js';
import type { ServerContext } from '../../kernel/context.js';
import type { WebhookDeliveriesTable } from '../../kernel/outbox/outboxTables.js';
import type { Db } from '../../kernel/store/db.js';
import type { WebhookEndpoints } from './WebhookEndpoints.js';

/** Seconds before each retry (Standard Webhooks' recommended schedule); after the last one the delivery fails. */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** Attempts before a delivery is marked failed: the first one and one per retry delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** How long a claimed delivery is hidden from other workers: longer than a send can take. */
const LEASE_MS = 60_000;
/** How long a receiver has to answer. */
const SEND_TIMEOUT_MS = 10_000;
/** Deliveries claimed per round. */
const BATCH = 20;

/** What the worker needs of the server context. */
type WebhookWorkerContext = Pick<ServerContext, 'db' | 'clock' | 'logger' | 'metrics' | 'apps'> & {
  webhookEndpoints: WebhookEndpoints;
};

type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Options for tests: the fetch to send with and the jitter source. */
interface WebhookWorkerOptions {
  fetch?: typeof fetch;
  random?: () => number;
  pollMs?: number;
}

/**
 * Sends the outbox's due deliveries. Each round claims up to BATCH due rows (`for update skip locked`, so
 * server instances sharing a PostgreSQL never claim the same row) and leases them for LEASE_MS by moving their
 * next attempt; then POSTs each (no redirects followed, SEND_TIMEOUT_MS), and records 2xx as delivered or
 * schedules the next retry. A crash after the claim leaves the row to be sent again when the lease ends:
 * delivery is at least once, and receivers dedupe on webhook-id. Due times come from the server's clock.
 */
export class WebhookWorker {
  private readonly db: Db;
  private readonly fetch: typeof fetch;
  private readonly random: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly ctx: WebhookWorkerContext,
    private readonly options: WebhookWorkerOptions = {},
  ) {
    this.db = ctx.db;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.random = options.random ?? Math.random;
  }

  /** Polls for due deliveries every `pollMs` (default 1 s) until `stop`. */
  start(): void {
    const pollMs = this.options.pollMs ?? 1000;
    const loop = () => {
      if (this.stopped) return;
      this.running = this.runOnce()
        .catch((error: Error) => this.ctx.logger.warn({ err: { message: error.message } }, 'webhook round failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Stops polling and waits for the round in progress (its sends end within SEND_TIMEOUT_MS). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Claims and sends every due delivery, round after round; returns how many were attempted. */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      await Promise.all(claimed.map((row) => this.send(row)));
      total += claimed.length;
      if (claimed.length < BATCH || this.stopped) return total;
    }
  }

  private async claim(): Promise<DeliveryRow[]> {
    const now = this.ctx.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return [];
      await trx
        .updateTable('webhook_deliveries')
        .set({
          next_attempt_at: new Date(now.getTime() + LEASE_MS),
          attempts: sql`attempts + 1`,
          last_attempt_at: now,
        })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      return rows.map((row) => ({ ...row, attempts: row.attempts + 1 })) as DeliveryRow[];
    });
  }

  /** The event body: the user as it is now (null if deleted since) and the account as it was. */
  private async body(row: DeliveryRow): Promise<string> {
    const found = await getUser(this.ctx, row.app_id, row.user_id);
    const raw = (typeof row.account === 'string' ? JSON.parse(row.account) : row.account) as AccountJson | null;
    const account = raw ? accountsFromJson([raw])[0] : undefined;
    const security = row.security_event_id ? await this.securityEvent(row.security_event_id) : undefined;
    const event: LatchWebhookEvent = {
      type: row.type as LatchWebhookEventType,
      timestamp: new Date(row.created_at).toISOString(),
      data: {
        app_id: row.app_id,
        user: found ? toWireUser(found) : null,
        account: account ? toWireAccount(account) : null,
        ...(security ? { security_event: toWireSecurityEvent(security) } : {}),
      },
    };
    return JSON.stringify(event);
  }

  /** The security event a `security.*` delivery is about (gone when its user was deleted since). */
  private securityEvent(id: string) {
    return this.db.selectFrom('security_events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private async send(row: DeliveryRow): Promise<void> {
    let status: number | null = null;
    try {
      const target = await this.ctx.webhookEndpoints.signingSecrets(row.endpoint_id);
      if (!target) return; // the endpoint was removed: its rows went with it
      const body = await this.body(row);
      const now = this.ctx.clock.now();
      const signature = target.secrets.map((secret) => new Webhook(secret).sign(row.id, now, body)).join(' ');
      const response = await this.fetch(target.url, {
        method: 'POST',
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Latch-Webhooks/1',
          'webhook-id': row.id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      // A network error or timeout: no status. The message names no secret (URL and host only).
      this.ctx.logger.info({ delivery: row.id, err: { message: (error as Error).message } }, 'webhook send failed');
    }
    await this.record(row, status);
  }

  private async record(row: DeliveryRow, status: number | null): Promise<void> {
    const now = this.ctx.clock.now();
    const ok = status !== null && status >= 200 && status < 300;
    const outcome = ok ? 'delivered' : row.attempts >= MAX_ATTEMPTS ? 'failed' : 'retry';
    const delay = RETRY_DELAYS_SECONDS[Math.min(row.attempts, RETRY_DELAYS_SECONDS.length) - 1] ?? 0;
    // Up to 10% jitter, so endpoints that failed together are not retried together.
    const next = new Date(now.getTime() + delay * 1000 * (1 + 0.1 * this.random()));
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        status: outcome === 'retry' ? 'pending' : outcome,
        last_status_code: status,
        next_attempt_at: outcome === 'retry' ? next : now,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts)
      .execute();
    this.ctx.metrics.webhookDeliveries.inc({ status: outcome });
    this.ctx.logger.info(
      { delivery: row.id, endpoint: row.endpoint_id, type: row.type, status, attempts: row.attempts, outcome },
      'webhook delivery',
    );
  }
}
