import { IDENTITY_API, OPS_API, PASSWORDLESS_API, type TokenResponse } from '@latch/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordlessTestClient, uniqueEmail } from '../../modules/passwordless/testing/passwordlessTestClient.js';
import { backends, createTestServer, type TestServer, widgetHeaders } from '../../test/harness.js';
import { type ProxyMode, startTcpProxy, type TcpProxy } from '../../test/tcpProxy.js';
import { createLogger } from '../logger.js';

// Issue 35: with PostgreSQL or Redis down, the requests that need it answer 503 service_unavailable with
// Retry-After within LATCH_DEPENDENCY_TIMEOUT_MS (a hang fails the test by its timeout), change nothing,
// and readiness says so; when it is back, the next requests succeed without a restart. Each dependency is
// cut through a TCP proxy the test controls. Needs both PostgreSQL and Redis (the CI has them).
/** The bound under test (LATCH_DEPENDENCY_TIMEOUT_MS), below the default 1000 ms to keep the suite quick. */
const DEPENDENCY_TIMEOUT_MS = 500;

/** Longer than the app cache's 5 s. */
const APP_CACHE_EXPIRED_MS = 6000;

const withBoth = backends().filter((backend) => backend.name === 'postgres+redis');

/** The outage answer every refused request gives. */
async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('1');
  expect(await response.json()).toEqual({
    error: 'service_unavailable',
    message: 'The service is temporarily unavailable. Please try again shortly.',
  });
}

for (const backend of withBoth) {
  describe(`dependency outages [${backend.name}]`, () => {
    let server: TestServer;
    let dispose: () => Promise<void>;
    let redisPrefix: string;
    let redis: Redis;
    const proxies: Record<'postgres' | 'redis', TcpProxy> = {} as never;
    /** The server's log lines (JSON), as an operator's log shipper would read them. */
    const logs: Array<{ level: number; msg: string; dependency?: string }> = [];

    beforeAll(async () => {
      const prepared = await backend.prepare();
      dispose = prepared.dispose;
      const { databaseUrl, redisUrl, redisKeyPrefix } = prepared.settings as Required<typeof prepared.settings>;
      for (const [name, url] of [
        ['postgres', databaseUrl],
        ['redis', redisUrl],
      ] as const) {
        const { hostname, port } = new URL(url);
        proxies[name] = await startTcpProxy({ host: hostname, port: Number(port) });
      }
      redisPrefix = redisKeyPrefix;
      redis = new Redis(redisUrl);
      server = await createTestServer(
        {
          ...prepared.settings,
          databaseUrl: proxies.postgres.through(databaseUrl),
          redisUrl: proxies.redis.through(redisUrl),
          dependencyTimeoutMs: DEPENDENCY_TIMEOUT_MS,
        },
        backend.name,
        { logger: createLogger('info', { write: (line: string) => void logs.push(JSON.parse(line)) }) },
      );
    });
    afterAll(async () => {
      await server?.close();
      for (const proxy of Object.values(proxies)) await proxy.close();
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await dispose?.();
    });

    /** Everything the server stores: every table's row count and every Redis key of this server with its value. */
    const snapshot = async () => {
      const keys = (await redis.keys(`${redisPrefix}*`)).sort();
      const values = await Promise.all(keys.map(async (key) => [key, await redis.dump(key)]));
      return { tables: await server.tableCounts(), redis: values };
    };

    const ready = () => server.call('GET', OPS_API.ready);

    /** A signed-in user with a session, and a second user holding an unspent code. */
    async function users() {
      const { appId, clientId } = await server.createApp({ name: 'Acme' });
      const client = passwordlessTestClient(server, appId, clientId);
      const session = (await (await client.emailLogin(uniqueEmail('signed-in'))).json()) as TokenResponse;
      const waiting = uniqueEmail('waiting');
      expect((await client.post(PASSWORDLESS_API.emailInit, { email: waiting })).status).toBe(200);
      const code = await client.latestCode(waiting);
      const refresh = (refreshToken: string) =>
        server.call('POST', IDENTITY_API.sessions, {
          headers: widgetHeaders(appId, clientId),
          body: { refresh_token: refreshToken },
        });
      return { client, session, waiting, code, refresh };
    }

    for (const dependency of ['postgres', 'redis'] as const) {
      for (const mode of ['refuse', 'silent'] satisfies ProxyMode[]) {
        it(`${dependency} ${mode === 'refuse' ? 'stopped' : 'silent'}: init, authenticate and refresh answer 503 and change nothing; back, they succeed`, async () => {
          const { client, session, waiting, code, refresh } = await users();
          const before = await snapshot();
          // Past the app cache (appStore.ts, 5 s): the app's config is read from the database again.
          server.clock.advance(APP_CACHE_EXPIRED_MS);
          proxies[dependency].set(mode);
          try {
            await expectUnavailable(await client.post(PASSWORDLESS_API.emailInit, { email: uniqueEmail('new') }));
            await expectUnavailable(await client.post(PASSWORDLESS_API.emailAuthenticate, { email: waiting, code }));
            // A refresh needs PostgreSQL only (sessions live there): with Redis down it is served (below).
            if (dependency === 'postgres') await expectUnavailable(await refresh(session.refresh_token as string));
            const readiness = await ready();
            expect(readiness.status).toBe(503);
            expect((await readiness.json()).checks).toMatchObject({ [dependency]: 'down' });
            expect((await server.call('GET', OPS_API.live)).status).toBe(200);
          } finally {
            proxies[dependency].set('open');
          }
          // Redis reconnects by itself (its backoff is at most a second): readiness says when.
          await vi.waitFor(async () => expect((await ready()).status).toBe(200), { timeout: 5000, interval: 100 });
          expect(await snapshot()).toEqual(before);
          // The code sent before the outage was not spent, the refresh token not rotated.
          const login = await client.post(PASSWORDLESS_API.emailAuthenticate, { email: waiting, code });
          expect(login.status).toBe(200);
          expect((await refresh(session.refresh_token as string)).status).toBe(200);
          expect((await client.post(PASSWORDLESS_API.emailInit, { email: uniqueEmail('new') })).status).toBe(200);
        });
      }
    }

    it('logs a Redis outage once when it starts and once when it ends, through the logger only', async () => {
      const { client } = await users();
      const stderr = vi.spyOn(console, 'error');
      const from = logs.length;
      proxies.redis.set('refuse');
      try {
        for (let i = 0; i < 3; i++) {
          expect((await client.post(PASSWORDLESS_API.emailInit, { email: uniqueEmail('new') })).status).toBe(503);
        }
        // Long enough for several reconnect attempts (100, 200, 300 ms … apart).
        await new Promise((resolve) => setTimeout(resolve, 1000));
      } finally {
        proxies.redis.set('open');
      }
      await vi.waitFor(async () => expect((await ready()).status).toBe(200), { timeout: 5000, interval: 100 });
      const lines = logs.slice(from).filter((line) => line.dependency === 'redis');
      expect(lines.map(({ level, msg }) => [level, msg])).toEqual([
        [50, 'redis is unavailable: requests that need it answer 503'],
        [30, 'redis is available again'],
      ]);
      // ioredis's own "[ioredis] Unhandled error event" goes to console.error: never reached.
      expect(stderr).not.toHaveBeenCalled();
      stderr.mockRestore();
    });

    it('redis stopped: what needs only PostgreSQL is still served (a refresh, the app config)', async () => {
      const { client, session, refresh } = await users();
      proxies.redis.set('refuse');
      try {
        expect((await client.post(PASSWORDLESS_API.emailInit, { email: uniqueEmail('new') })).status).toBe(503);
        const refreshed = await refresh(session.refresh_token as string);
        expect(refreshed.status).toBe(200);
        expect((await refreshed.json()) as TokenResponse).toMatchObject({ user: { id: session.user.id } });
      } finally {
        proxies.redis.set('open');
      }
    });
  });
}

// The proxy itself, on a loopback echo server (runs without PostgreSQL and Redis too).
describe('the test TCP proxy', () => {
  it('forwards, refuses and swallows as set', async () => {
    const { createServer, connect } = await import('node:net');
    const echo = createServer((socket) => socket.on('error', () => {}).pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as { port: number }).port });
    /** Sends `text` and resolves with what came back, 'closed', or 'nothing' after `waitMs`. */
    const roundTrip = (text: string, waitMs = 5000) =>
      new Promise<string>((resolve) => {
        const socket = connect(proxy.port, '127.0.0.1', () => socket.write(text));
        socket.on('error', () => {});
        const timer = setTimeout(() => {
          socket.destroy();
          resolve('nothing');
        }, waitMs);
        socket.on('data', (data) => {
          clearTimeout(timer);
          socket.destroy();
          resolve(data.toString());
        });
        socket.on('close', () => {
          clearTimeout(timer);
          resolve('closed');
        });
      });
    expect(await roundTrip('hello')).toBe('hello');
    proxy.set('refuse');
    expect(await roundTrip('hello')).toBe('closed');
    proxy.set('silent');
    expect(await roundTrip('hello', 200)).toBe('nothing');
    proxy.set('open');
    expect(await roundTrip('again')).toBe('again');
    await proxy.close();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  });
});
