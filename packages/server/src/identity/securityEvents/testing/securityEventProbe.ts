import { randomBytes } from 'node:crypto';
import { DEV_API, SECURITY_EVENTS_PATH, type WireSecurityEventList } from '@latch/protocol';
import { parseCommand, runCommand } from '../../../admin/commands.js';
import type { OutboxMessage } from '../../../kernel/ports.js';
import { type TestServer, widgetHeaders } from '../../../test/harness.js';

/** A random US test number: +1 415 555 and four random digits. */
export const uniquePhone = () => `+1415555${String(1000 + (randomBytes(2).readUInt16BE() % 9000))}`;

/** What a test reads back after a security event: rows, outbox deliveries and notices, through the real server. */
export function securityEventProbe(server: TestServer) {
  const db = server.db;
  return {
    /** Adds a webhook endpoint for every event type to the app (the CLI), so the outbox gets rows. */
    async subscribe(appId: string, url = 'http://127.0.0.1:9/hooks') {
      const printed: unknown[] = [];
      await runCommand(server.ctx, parseCommand(['apps', 'webhooks', 'add', appId, '--url', url]), (v) =>
        printed.push(v),
      );
      return printed[0] as { endpoint_id: string; secret: string };
    },
    /** The user's audit rows, oldest first. */
    rows: (userId: string, type?: string) => {
      let query = db.selectFrom('security_events').selectAll().where('user_id', '=', userId);
      if (type) query = query.where('type', '=', type);
      return query.orderBy('seq').execute();
    },
    /** The outbox rows of the user's `security.<type>` events. */
    webhooks: (userId: string, type: string) =>
      db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', `security.${type}`)
        .execute(),
    /** The outbox rows of one security event. */
    webhooksOf: (eventId: string) =>
      db.selectFrom('webhook_deliveries').selectAll().where('security_event_id', '=', eventId).execute(),
    /** Dev-outbox messages to `recipient` with this subject (notices carry no code). */
    async notices(recipient: string, subject: string): Promise<OutboxMessage[]> {
      const all = (await (await server.call('GET', DEV_API.outbox)).json()) as OutboxMessage[];
      return all.filter((m) => m.recipient === recipient && m.code === '' && m.text.includes(subject));
    },
    /** GET the caller's own list. */
    async mine(appId: string, clientId: string, token: string, before?: string) {
      const res = await server.call('GET', `${SECURITY_EVENTS_PATH}${before ? `?before=${before}` : ''}`, {
        headers: widgetHeaders(appId, clientId, token),
      });
      return { status: res.status, body: (await res.json()) as WireSecurityEventList };
    },
  };
}
