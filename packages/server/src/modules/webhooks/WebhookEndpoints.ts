import { randomBytes } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { type LatchWebhookEventType, WEBHOOK_SECRET_PREFIX } from '@latch/protocol/webhooks';
import type { Clock } from '../../kernel/clock.js';
import type { Sealer } from '../../kernel/crypto/masterKey.js';
import type { Db } from '../../kernel/store/db.js';
import { webhookSecretAad } from './webhookSecretAad.js';

/** Random bytes in a signing secret: 32 (Standard Webhooks asks for 24 to 64). */
const SECRET_BYTES = 32;

/** An endpoint as `apps webhooks list` prints it: never a secret. */
interface WebhookEndpointSummary {
  endpoint_id: string;
  app_id: string;
  url: string;
  events: LatchWebhookEventType[];
  created_at: string;
}

/** The secrets that sign a delivery now: the current one and, during a rotation's grace, the previous one. */
interface SigningSecrets {
  url: string;
  secrets: string[];
}

const newEndpointId = () => `whe_${randomBytes(16).toString('hex')}`;
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

/**
 * An app's webhook endpoints. Secrets are generated here, returned once, and stored sealed under the
 * master key bound to app and endpoint; they are opened only to sign a delivery.
 */
export class WebhookEndpoints {
  private readonly db: Db;

  constructor(
    db: Db,
    private readonly sealer: Sealer,
    private readonly clock: Clock,
  ) {
    this.db = db;
  }

  /** Adds an endpoint (URL already checked); returns it with its secret, which is never shown again. */
  async add(
    appId: string,
    url: string,
    events: LatchWebhookEventType[],
  ): Promise<WebhookEndpointSummary & { secret: string }> {
    const id = newEndpointId();
    const secret = newSecret();
    const now = this.clock.now();
    await this.db
      .insertInto('webhook_endpoints')
      .values({
        id,
        app_id: appId,
        url,
        events,
        secret_sealed: this.sealer.seal(secret, webhookSecretAad(appId, id, 'current')),
        previous_secret_sealed: null,
        previous_secret_expires_at: null,
        created_at: now,
      })
      .execute();
    return { endpoint_id: id, app_id: appId, url, events, created_at: now.toISOString(), secret };
  }

  /** The app's endpoints, oldest first. */
  async list(appId: string): Promise<WebhookEndpointSummary[]> {
    const rows = await this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'app_id', 'url', 'events', 'created_at'])
      .where('app_id', '=', appId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      endpoint_id: row.id,
      app_id: row.app_id,
      url: row.url,
      events: row.events as LatchWebhookEventType[],
      created_at: new Date(row.created_at).toISOString(),
    }));
  }

  /** Removes an endpoint and its pending deliveries; throws `invalid_data` when the app has no such endpoint. */
  async remove(appId: string, endpointId: string): Promise<void> {
    const result = await this.db
      .deleteFrom('webhook_endpoints')
      .where('app_id', '=', appId)
      .where('id', '=', endpointId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      throw new LatchError('invalid_data', 'The app has no webhook endpoint with this id.');
  }

  /**
   * A new secret for the endpoint; the current one keeps signing too (a second signature) for `graceSeconds`,
   * so receivers can switch without losing deliveries. Returns the new secret, shown this once.
   */
  async rotateSecret(
    appId: string,
    endpointId: string,
    graceSeconds: number,
  ): Promise<{ endpoint_id: string; secret: string; previous_secret_expires_at: string | null }> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select(['secret_sealed'])
      .where('app_id', '=', appId)
      .where('id', '=', endpointId)
      .executeTakeFirst();
    if (!row) throw new LatchError('invalid_data', 'The app has no webhook endpoint with this id.');
    const previous = this.sealer.open(row.secret_sealed, webhookSecretAad(appId, endpointId, 'current'));
    const secret = newSecret();
    const expiresAt = graceSeconds > 0 ? new Date(this.clock.now().getTime() + graceSeconds * 1000) : null;
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({
        secret_sealed: this.sealer.seal(secret, webhookSecretAad(appId, endpointId, 'current')),
        previous_secret_sealed: expiresAt
          ? this.sealer.seal(previous, webhookSecretAad(appId, endpointId, 'previous'))
          : null,
        previous_secret_expires_at: expiresAt,
      })
      .where('id', '=', endpointId)
      // A concurrent rotation wins; this one then changes nothing and says so.
      .where('secret_sealed', '=', row.secret_sealed)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      throw new LatchError('invalid_data', 'The secret was rotated at the same moment; run the command again.');
    return { endpoint_id: endpointId, secret, previous_secret_expires_at: expiresAt?.toISOString() ?? null };
  }

  /** The URL and the secrets that sign a delivery to the endpoint now, or null when it was removed. */
  async signingSecrets(endpointId: string): Promise<SigningSecrets | null> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpointId)
      .executeTakeFirst();
    if (!row) return null;
    const secrets = [this.sealer.open(row.secret_sealed, webhookSecretAad(row.app_id, row.id, 'current'))];
    const expiresAt = row.previous_secret_expires_at;
    if (row.previous_secret_sealed && expiresAt && new Date(expiresAt) > this.clock.now())
      secrets.push(this.sealer.open(row.previous_secret_sealed, webhookSecretAad(row.app_id, row.id, 'previous')));
    return { url: row.url, secrets };
  }
}
