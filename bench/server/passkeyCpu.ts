// Server CPU per login, passkey next to email code (issue #13): one Latch server built in this process
// (createLatchServer, in-memory PGlite, production mode), requests through its Hono app (no sockets),
// and process.cpuUsage() summed around the server's calls only — the test authenticator's signing and
// reading the captured code happen between them and are not counted. PGlite runs in this process, so
// the database's work is in both figures. Prints one JSON line; passkeyCpuFigures.mjs runs it.
import { randomBytes } from 'node:crypto';
import { API } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { createLatchServer, type DeliveryModule, loadSettings } from '@latch/server';
import { SoftAuthenticator } from '@latch/server/testing';

const LOGINS = Number(process.env.BENCH_CPU_LOGINS ?? 100);
const WARMUP = 20;
const ORIGIN = 'https://bench.example';

let lastCode = '';
const delivery: DeliveryModule = {
  delivery: {
    async sendEmail({ code }) {
      lastCode = code;
    },
    async sendSms({ code }) {
      lastCode = code;
    },
  },
  outbox: { list: async () => [] },
};

const settings = loadSettings({
  LATCH_LOG_LEVEL: 'silent',
  LATCH_MASTER_KEY: randomBytes(32).toString('base64'),
  LATCH_RECOVERY_KEY: randomBytes(32).toString('base64'),
  LATCH_RP_ID: 'bench.example',
  LATCH_SEND_LIMIT_PER_IP: '1000000000/600',
  LATCH_SEND_LIMIT_PER_TARGET: '1000000000/600',
  LATCH_SEND_LIMIT_PER_TARGET_SOURCE: '1000000000/600',
});
const server = await createLatchServer({ ...settings, inMemoryDb: true }, { delivery });
const app = await server.ctx.apps.create({
  name: 'Bench',
  allowedOrigins: [ORIGIN],
  config: { email_auth: true, passkey_auth: true },
});
const headers = {
  'latch-app-id': app.id,
  'latch-client-id': app.clientIds[0] as string,
  'latch-client': 'react-auth',
  origin: ORIGIN,
  'content-type': 'application/json',
};

/** The CPU microseconds (user + system) `call` takes, and its JSON answer (which must be 200). */
async function measured(
  path: string,
  body: unknown,
  ip = '127.0.0.1',
): Promise<{ cpu: number; json: Record<string, unknown> }> {
  const start = process.cpuUsage();
  const res = await server.app.request(
    path,
    { method: 'POST', headers, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
  const json = (await res.json()) as Record<string, unknown>;
  const used = process.cpuUsage(start);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return { cpu: used.user + used.system, json };
}

let logins = 0;
async function passkeyLogin(authenticator: SoftAuthenticator): Promise<number> {
  // A new client address per login: the init is throttled per app and IP (60 per 10 minutes).
  const n = logins++;
  const init = await measured(PASSKEY_API.authenticateInit, {}, `198.51.${100 + (n >> 8)}.${n & 255}`);
  const credential = authenticator.get(init.json.options as never, ORIGIN);
  const done = await measured(PASSKEY_API.authenticate, { credential });
  return init.cpu + done.cpu;
}

async function emailLogin(email: string): Promise<number> {
  const init = await measured(API.emailInit, { email });
  const done = await measured(API.emailAuthenticate, { email, code: lastCode });
  return init.cpu + done.cpu;
}

const authenticator = new SoftAuthenticator();
const registerInit = await measured(PASSKEY_API.registerInit, {});
await measured(PASSKEY_API.register, {
  credential: authenticator.create(registerInit.json.options as never, ORIGIN),
});
const email = 'returning@bench.example';
await emailLogin(email); // signs the user up: every measured login is of an existing user, as the passkey's

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const passkey: number[] = [];
const code: number[] = [];
// Interleaved, so both see the same JIT state and heap.
for (let i = 0; i < WARMUP + LOGINS; i++) {
  const p = await passkeyLogin(authenticator);
  const e = await emailLogin(email);
  if (i >= WARMUP) {
    passkey.push(p);
    code.push(e);
  }
}
await server.close();
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
console.log(
  JSON.stringify({
    logins: LOGINS,
    passkeyMeanMs: mean(passkey) / 1000,
    passkeyMedianMs: median(passkey) / 1000,
    emailMeanMs: mean(code) / 1000,
    emailMedianMs: median(code) / 1000,
  }),
);
