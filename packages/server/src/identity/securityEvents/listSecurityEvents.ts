import {
  LatchError,
  SECURITY_EVENTS_PAGE,
  type SecurityEventDetail,
  type SecurityEventType,
  type WireSecurityEvent,
  type WireSecurityEventList,
} from '@latch/protocol';
import { type Selectable, sql } from 'kysely';
import type { ServerContext } from '../../kernel/context.js';
import type { SecurityEventsTable } from './securityEventTables.js';

const EVENT_ID = /^sev_[a-z0-9]{24}$/;

/** The wire form of an event row. */
export function toWireSecurityEvent(row: Selectable<SecurityEventsTable>): WireSecurityEvent {
  const detail = (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as SecurityEventDetail;
  return {
    id: row.id,
    type: row.type as SecurityEventType,
    created_at: Math.floor(new Date(row.created_at).getTime() / 1000),
    detail,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

/** `?before=` as the lists take it: absent, or an event id (else 400 `invalid_data`). */
export function parseBefore(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!EVENT_ID.test(value)) throw new LatchError('invalid_data', 'Invalid before: expected an event id (sev_…).');
  return value;
}

/**
 * The user's security events, newest first, SECURITY_EVENTS_PAGE at most; with `before`, those older than
 * that event of the same user (another user's event id pages nothing). `next_before` is set when more remain.
 */
export async function listSecurityEvents(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  userId: string,
  before?: string,
): Promise<WireSecurityEventList> {
  const db = ctx.db;
  let query = db.selectFrom('security_events').selectAll().where('app_id', '=', appId).where('user_id', '=', userId);
  if (before !== undefined) {
    const cursor = await db
      .selectFrom('security_events')
      .select(['created_at', 'seq'])
      .where('id', '=', before)
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!cursor) return { events: [], next_before: null };
    query = query.where(sql<boolean>`(created_at, seq) < (${cursor.created_at}, ${cursor.seq}::bigint)`);
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(SECURITY_EVENTS_PAGE + 1)
    .execute();
  const page = rows.slice(0, SECURITY_EVENTS_PAGE);
  return {
    events: page.map(toWireSecurityEvent),
    next_before: rows.length > SECURITY_EVENTS_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}
