// Operations (not in SPEC §7): health, metrics and the CLI's admin channel. Server: kernel/http/ and admin/.

/** The server's operations paths. */
export const OPS_API = {
  /** GET: 200 when the server and its database answer, else 503. */
  health: '/healthz',
  /** GET: Prometheus metrics. */
  metrics: '/metrics',
  /** POST: the CLI's channel to a running server (the secret in `<dataDir>/admin.json`). */
  adminChannel: '/api/v1/admin/cli',
} as const;
