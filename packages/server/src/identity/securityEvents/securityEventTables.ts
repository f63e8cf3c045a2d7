import type { ColumnType } from 'kysely';

/** security_events (migration 022): one audit row per security event. */
export interface SecurityEventsTable {
  id: string;
  app_id: string;
  user_id: string;
  type: string;
  /** SecurityEventDetail as JSON (no secret). */
  detail: ColumnType<unknown, string, string>;
  ip: string;
  user_agent: string | null;
  created_at: ColumnType<Date, Date | string, Date | string>;
  /** Write order (bigserial), the tie-break of events of one instant. */
  seq: ColumnType<string, never, never>;
}

/** The table of the security events module. */
export interface SecurityEventTables {
  security_events: SecurityEventsTable;
}

declare module '../../kernel/store/schema.js' {
  interface Database extends SecurityEventTables {}
}
