// Analytics (SPEC §7 "Sessions": "Analytics events: POST, path not shown"). Server: modules/analytics/.

/** The server's analytics path. */
export const ANALYTICS_API = {
  /** POST analytics events with event_name, client_id and a payload including clientTimestamp (no retry). */
  events: '/api/v1/analytics_events',
} as const;
