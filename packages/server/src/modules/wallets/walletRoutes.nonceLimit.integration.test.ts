import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { WALLET_API } from '@latch/protocol/schemas';
import { expect, it, vi } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { freshLogin, type TestUser } from './testing/testFrame.js';

// Tight limits so the flood is short (the defaults are 60 and 120 a minute).
const PER_USER = { points: 3, durationSec: 60 };
const PER_IP = { points: 5, durationSec: 60 };

forEachBackend(
  'custody proof nonces are rate-limited (per user and per client IP)',
  (server) => {
    const account = () => ({
      type: 'email' as const,
      address: `nonce-${randomBytes(4).toString('hex')}@example.com`,
    });

    it('refuses a flood with 429 too_many_requests and Retry-After, and stores no nonce for it', async () => {
      const app = await server().createApp({ name: 'Acme', config: { email_auth: true } });
      const a = await freshLogin(server(), app.appId, app.clientId, account());
      const b = await freshLogin(server(), app.appId, app.clientId, account());
      // Every nonce minted is a write under `device-nonce:`; a refused request must write none.
      const set = vi.spyOn(server().ctx.shortLived, 'set');
      const minted = () => set.mock.calls.filter(([key]) => key.startsWith('device-nonce:')).length;
      // Over a real socket, so the client IP is real: the loopback peer is a trusted proxy, X-Forwarded-For the client.
      const listening = serve({ fetch: server().app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => listening.once('listening', resolve));
      const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
      const ask = (user: TestUser, ip: string) =>
        fetch(`${base}${WALLET_API.nonce}`, {
          method: 'POST',
          headers: { ...widgetHeaders(user.appId, user.clientId, user.token), 'x-forwarded-for': ip },
        });
      const tag = Math.floor(Math.random() * 250) + 1;
      const ip1 = `198.51.100.${tag}`;
      const ip2 = `203.0.113.${tag}`;
      try {
        for (let i = 0; i < PER_USER.points; i += 1) expect((await ask(a, ip1)).status).toBe(200);
        // The user's own limit.
        const overUser = await ask(a, ip1);
        expect(overUser.status).toBe(429);
        expect(await overUser.json()).toMatchObject({ error: 'too_many_requests' });
        expect(Number(overUser.headers.get('retry-after'))).toBeGreaterThan(0);
        // Another user from the same IP is not held back by the first one's count, until the IP's limit.
        expect((await ask(b, ip1)).status).toBe(200); // the IP's 5th request
        const overIp = await ask(b, ip1);
        expect(overIp.status).toBe(429);
        expect(await overIp.json()).toMatchObject({ error: 'too_many_requests' });
        expect(Number(overIp.headers.get('retry-after'))).toBeGreaterThan(0);
        // The same user from another IP is within both limits.
        expect((await ask(b, ip2)).status).toBe(200);
        // And the first user stays refused from anywhere: the user's count follows the user, not the IP.
        expect((await ask(a, ip2)).status).toBe(429);
        // Nonces were stored for the five accepted requests only.
        expect(minted()).toBe(5);
      } finally {
        set.mockRestore();
        await new Promise((resolve) => listening.close(resolve));
      }
    });

    it('needs an access token: an anonymous caller mints nothing', async () => {
      const app = await server().createApp({ name: 'Anon', config: { email_auth: true } });
      const res = await server().call('POST', WALLET_API.nonce, { headers: widgetHeaders(app.appId, app.clientId) });
      expect(res.status).toBe(401);
    });
  },
  { settings: { nonceLimitPerUser: PER_USER, nonceLimitPerIp: PER_IP } },
);
