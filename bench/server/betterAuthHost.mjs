// The peer: Better Auth with its email-OTP plugin and its JWT plugin, served by Node's http server
// in its own process (forked by childServer.mjs). BENCH_DATABASE_URL selects PostgreSQL through a
// pg Pool; without it, PGlite on disk under BENCH_DATA_DIR through a Kysely dialect. Each OTP the
// plugin "sends" is handed to the parent over IPC, as the Latch host does with its codes.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { emailOTP, jwt } from 'better-auth/plugins';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

const closers = [];

/**
 * The database option: a pg Pool, or PGlite through a Kysely dialect. Each server gets the pool size
 * that serves it best: 20 connections here (Better Auth measured 205 refreshes/s with 20 or 10, 169 with
 * 4, on the 2-core bench machine), Latch its own default (twice the cores, at least 4).
 */
function database() {
  if (process.env.BENCH_DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 20 });
    pool.on('error', () => {});
    closers.push(() => pool.end());
    return pool;
  }
  const pglite = new PGlite(process.env.BENCH_DATA_DIR);
  closers.push(() => pglite.close());
  return { dialect: new PGliteDialect(pglite), type: 'postgres' };
}

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const options = {
  baseURL: origin,
  secret: randomBytes(32).toString('base64'),
  database: database(),
  trustedOrigins: [origin],
  // Like Latch's bench settings: throttling out of the way, nothing phoning home, no logs.
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  logger: { disabled: true },
  // Every get-session extends the session in the database (a sliding refresh) rather than only once a day.
  session: { updateAge: 0, cookieCache: { enabled: false } },
  plugins: [
    emailOTP({
      async sendVerificationOTP({ email, otp }) {
        process.send({ type: 'code', recipient: email, code: otp });
      },
    }),
    // ES256 like Latch's access tokens; get-session then also returns a signed JWT (set-auth-jwt).
    jwt({ jwks: { keyPairConfig: { alg: 'ES256' } } }),
  ],
};

const { runMigrations } = await getMigrations(options);
await runMigrations();
const auth = betterAuth(options);
server.on('request', toNodeHandler(auth));

process.on('message', async (message) => {
  // The bench's CPU probe: this process's user + system CPU time so far, in µs.
  if (message?.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ type: 'cpu', micros: user + system });
    return;
  }
  if (message?.type !== 'stop') return;
  server.closeAllConnections();
  server.close();
  for (const close of closers) await close().catch(() => {});
  process.exit(0);
});
process.send({ type: 'ready', origin });
