// The Latch server for the browser wallet figures, in its own process (forked by childServer.mjs with
// tsx): production mode on a fixed port, so its public URL (the wallet frame's origin and the custody
// API's Origin check) is exact; an app with email login that creates a wallet at login. Codes go to
// the parent over IPC. BENCH_PORT, BENCH_DATA_DIR, BENCH_ALLOWED_ORIGINS and BENCH_RPC_URLS (LATCH_RPC_URLS:
// the bench's anvil as chain 31337) come from the parent.
import { randomBytes } from 'node:crypto';
import { type DeliveryModule, loadSettings, startServer } from '@latch/server';

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

const port = process.env.BENCH_PORT ?? '0';
const settings = loadSettings({
  LATCH_PORT: port,
  LATCH_HOST: '127.0.0.1',
  LATCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
  LATCH_LOG_LEVEL: 'silent',
  LATCH_MASTER_KEY: randomBytes(32).toString('base64'),
  LATCH_RECOVERY_KEY: randomBytes(32).toString('base64'),
  LATCH_DATA_DIR: process.env.BENCH_DATA_DIR,
  LATCH_RPC_URLS: process.env.BENCH_RPC_URLS,
});
process.env.LATCH_SEND_LIMIT_PER_IP = '1000000000/600';
process.env.LATCH_SEND_LIMIT_PER_TARGET = '1000000000/600';

const server = await startServer(settings, { delivery: ipcDelivery });
const allowedOrigins = process.env.BENCH_ALLOWED_ORIGINS?.split(',').filter(Boolean) ?? [];
const app = await server.ctx.apps.create({
  name: 'Bench wallet',
  allowedOrigins,
  config: { email_auth: true, embedded_wallet_config: { create_on_login: 'users-without-wallets' } },
});

process.on('message', async (message: { type?: string }) => {
  if (message?.type !== 'stop') return;
  server.server.closeAllConnections();
  await server.close();
  process.exit(0);
});
process.send?.({ type: 'ready', origin: server.url, appId: app.id, clientId: app.clientIds[0] });
