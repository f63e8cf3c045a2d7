// The Latch server under test, started in its own process (forked by childServer.mjs with tsx) with
// `startServer` from @latch/server in production mode (no dev routes). Its delivery is replaced by
// one that hands each code to the parent over IPC, so no outbox read is part of the measurement.
// BENCH_DATABASE_URL selects PostgreSQL; without it, PGlite on disk under BENCH_DATA_DIR.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { type DeliveryModule, loadSettings, startServer } from '@latch/server';

/** Sends every code to the parent process instead of a mailbox or a phone. */
const ipcDelivery: DeliveryModule = {
  delivery: {
    async sendEmail({ to, code }) {
      process.send?.({ type: 'code', recipient: to, code });
    },
    async sendSms({ to, code }) {
      process.send?.({ type: 'code', recipient: to, code });
    },
  },
  outbox: { list: async () => [] },
};

const settings = loadSettings({
  LATCH_PORT: '0',
  LATCH_HOST: '127.0.0.1',
  LATCH_LOG_LEVEL: 'silent',
  LATCH_MASTER_KEY: randomBytes(32).toString('base64'),
  LATCH_RECOVERY_KEY: randomBytes(32).toString('base64'),
  LATCH_DATA_DIR: process.env.BENCH_DATA_DIR,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  // Send limits raised far above what one run sends (every login comes from 127.0.0.1). The throttle
  // still counts every send, so its cost stays in the measurement.
  LATCH_SEND_LIMIT_PER_IP: '1000000000/600',
  LATCH_SEND_LIMIT_PER_TARGET: '1000000000/600',
  // On a machine loaded far beyond its cores a pool wait can pass the 1 s default: raise it for such a run.
  LATCH_DEPENDENCY_TIMEOUT_MS: process.env.BENCH_DEPENDENCY_TIMEOUT_MS,
});

const server = await startServer(settings, { delivery: ipcDelivery });
// The load generator sends Origin http://127.0.0.1; the browser bench adds the demo's origin.
const allowedOrigins = ['http://127.0.0.1', ...(process.env.BENCH_ALLOWED_ORIGINS?.split(',').filter(Boolean) ?? [])];
const app = await server.ctx.apps.create({ name: 'Bench', allowedOrigins });

let profiler: Session | undefined;
process.on('message', async (message: { type?: string }) => {
  // The bench's CPU probe: this process's user + system CPU time so far, in µs.
  if (message?.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system });
    return;
  }
  // The profiler probe (profileHost.mjs): a CPU profile of exactly the measured window.
  if (message?.type === 'profile-start') {
    profiler ??= new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send?.({ type: 'profile-start' });
    return;
  }
  if (message?.type === 'profile-stop' && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(String((message as { file?: string }).file), JSON.stringify(profile));
    profiler.disconnect();
    process.send?.({ type: 'profile-stop' });
    return;
  }
  if (message?.type !== 'stop') return;
  server.server.closeAllConnections();
  await server.close();
  process.exit(0);
});
process.send?.({ type: 'ready', origin: server.url, appId: app.id, clientId: app.clientIds[0] });
