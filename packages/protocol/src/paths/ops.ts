// Operations (not in SPEC §7): health, metrics and the CLI's admin channel. Server: kernel/http/ and admin/.

/** The server's operations paths. */
export const OPS_API = {
  /** GET: readiness, the same as `ready` (kept for existing health checks). */
  health: '/healthz',
  /** GET: readiness: 200 when every dependency this instance needs answers (database, Redis, frame assets), else 503. */
  ready: '/readyz',
  /** GET: liveness: 200 while the process serves HTTP; touches no dependency. */
  live: '/livez',
  /** GET: Prometheus metrics. */
  metrics: '/metrics',
  /** POST: the CLI's channel to a running server (the secret in `<dataDir>/admin.json`). */
  adminChannel: '/api/v1/admin/cli',
} as const;
