#!/usr/bin/env node
// The floor under the server figures (not part of `npm run bench`): the server CPU per request of a bare
// Hono route on @hono/node-server (read a small JSON body, answer a token response's size of JSON, no
// database, no signature), under the bench's load of 32 keep-alive clients. What a Latch refresh costs
// above this is its database round trip, its two ES256 signatures and its own code (docs/bench.md).
//
//   node bench/server/httpFloor.mjs [rounds]
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measureSlice, openClients, summarize } from './loadGenerator.mjs';

/** A body of a token response's shape and size (about 1.3 kB of JSON). */
const RESPONSE = {
  user: {
    id: 'did:latch:cm0000000000000000000000',
    linked_accounts: Array.from({ length: 3 }, (_, index) => ({
      type: 'email',
      address: `user${index}@bench.example`,
      verified_at: 1_700_000_000,
      first_verified_at: 1_700_000_000,
      latest_verified_at: 1_700_000_000,
    })),
  },
  token: 'x'.repeat(400),
  refresh_token: 'y'.repeat(43),
  identity_token: 'z'.repeat(600),
  session_update_action: 'set',
};

/** The server side: one POST route, and the bench's `cpu` probe over IPC. */
async function serveBareRoute() {
  const [{ Hono }, { serve }] = await Promise.all([import('hono'), import('@hono/node-server')]);
  const app = new Hono();
  app.post('/api/v1/sessions', async (c) => {
    const body = await c.req.json();
    return c.json({ ...RESPONSE, refresh_token: String(body.refresh_token).padEnd(43, 'y') });
  });
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send?.({ port: info.port }));
  process.on('message', (message) => {
    if (message === 'stop') process.exit(0);
    const { user, system } = process.cpuUsage();
    process.send?.({ micros: user + system });
  });
}

/** The load side: 32 clients, `rounds` windows of 3 s after 1 s of warm-up; prints CPU per request. */
async function measure(rounds) {
  const child = fork(fileURLToPath(import.meta.url), ['serve']);
  const port = await new Promise((resolve) => child.once('message', (message) => resolve(message.port)));
  const sampleCpu = () =>
    new Promise((resolve) => {
      child.once('message', (message) => resolve(message.micros));
      child.send('cpu');
    });
  const pool = await openClients({ origin: `http://127.0.0.1:${port}`, setup: () => ({}) });
  const headers = { 'latch-app-id': 'bench', origin: 'http://127.0.0.1' };
  const operation = async (http) => {
    const response = await http.call('POST', '/api/v1/sessions', { body: { refresh_token: 'abc' }, headers });
    if (response.status !== 200) throw new Error(`bare route: HTTP ${response.status}`);
  };
  try {
    for (let round = 0; round < rounds; round++) {
      const slice = await measureSlice(pool, operation, {
        warmupMs: 1000,
        durationMs: 3000,
        maxOperations: 1e7,
        sampleCpu,
      });
      const { perSecond, cpuMsPerOperation } = summarize([slice]);
      console.log(
        `bare Hono route: ${perSecond.toFixed(0)} req/s, server CPU ${(cpuMsPerOperation * 1000).toFixed(0)} µs/request`,
      );
    }
  } finally {
    await pool.close();
    child.send('stop');
  }
}

if (process.argv[2] === 'serve') await serveBareRoute();
else await measure(Number(process.argv[2] ?? 3));
