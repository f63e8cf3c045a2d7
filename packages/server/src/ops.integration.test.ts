import { Writable } from 'node:stream';
import { IDENTITY_API } from '@latch/protocol';
import { expect, it } from 'vitest';
import { startServer } from './index.js';
import { createLogger } from './kernel/logger.js';
import { createTestServer, forEachBackend, testSettings, widgetHeaders } from './test/harness.js';

forEachBackend('operations: health and metrics', (server) => {
  it('GET /healthz checks the database', async () => {
    const res = await server().call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /metrics counts requests by route pattern, not raw path', async () => {
    const { appId } = await server().createApp();
    await server().call('GET', IDENTITY_API.appConfig(appId));
    const text = await (await server().call('GET', '/metrics')).text();
    expect(text).toMatch(/latch_http_requests_total\{method="GET",route="\/api\/v1\/apps\/:appId",status="200"\} \d+/);
    expect(text).toContain('latch_http_request_duration_seconds_bucket');
    expect(text).not.toContain(appId);
  });

  it('answers unknown paths with 404 not_found', async () => {
    const res = await server().call('GET', '/api/v1/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Not found.' });
  });
});

it('logs never contain tokens, refresh tokens or keys, even at trace level', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const server = await createTestServer({ logLevel: 'trace' }, 'pglite', { logger: createLogger('trace', sink) });
  try {
    const { appId, clientId } = await server.createApp();
    const session = await server.signIn(appId, { type: 'email', address: 'log@example.com' });
    await server.call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, session.token!) });
    const refreshed = await server.call('POST', IDENTITY_API.sessions, {
      headers: widgetHeaders(appId, clientId),
      body: { refresh_token: session.refresh_token },
    });
    const body = await refreshed.json();
    await server.call('POST', IDENTITY_API.sessions, {
      headers: widgetHeaders(appId, clientId),
      body: { refresh_token: 'x'.repeat(40) },
    });
    server.ctx.logger.info({ token: body.token, nested: { refresh_token: body.refresh_token } }, 'accidental');
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    for (const secret of [session.token!, session.refresh_token!, body.token, body.refresh_token, 'x'.repeat(40)]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('[redacted]');
  } finally {
    await server.close();
  }
});

it('graceful shutdown finishes an in-flight request before closing', async () => {
  const running = await startServer(testSettings({ port: 0 }));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  // A slow route added for this test only: it waits until the shutdown has begun.
  running.app.get('/slow-for-test', async (c) => {
    arrived();
    await gate;
    return c.json({ finished: true });
  });
  const inFlight = fetch(`${running.url}/slow-for-test`);
  // The shutdown begins once the request is in the handler (a fixed sleep let a loaded machine close first).
  await reached;
  const closing = running.close();
  release();
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ finished: true });
  await closing;
  await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
});
