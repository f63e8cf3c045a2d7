import { LatchError } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof LatchError ? `${error.code}: ${error.message}` : Promise.reject(error)),
  );

// The store is what the CLI and the dev API write through: its origin rules hold for both.
forEachBackend(
  'app origins outside dev mode',
  (server) => {
    it('refuses wildcard and plain-http (non-loopback) origins on create and update, changing nothing', async () => {
      const { appId } = await server().createApp({ allowedOrigins: ['https://shop.example'] });
      const before = await server().tableCounts();
      for (const origin of ['https://*.example.com', 'http://shop.example', 'http://10.0.0.5:3000']) {
        expect(await codeOf(server().ctx.apps.create({ allowedOrigins: [origin] }))).toMatch(/^invalid_data: /);
        expect(
          await codeOf(server().ctx.apps.update(appId, { allowedOrigins: ['https://shop.example', origin] })),
        ).toMatch(/^invalid_data: /);
      }
      expect(await server().tableCounts()).toEqual(before);
      expect((await server().ctx.apps.require(appId, { fresh: true })).allowedOrigins).toEqual([
        'https://shop.example',
      ]);
    });

    it('accepts https origins and http on loopback hosts', async () => {
      const origins = ['https://shop.example', 'http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080'];
      const app = await server().ctx.apps.create({ allowedOrigins: origins });
      expect(app.allowedOrigins).toEqual(origins);
    });
  },
  { settings: { dev: false } },
);

forEachBackend('app origins in dev mode', (server) => {
  it('allows plain http on a LAN host, still no wildcard', async () => {
    const app = await server().ctx.apps.create({ allowedOrigins: ['http://192.168.1.20:5173'] });
    expect(app.allowedOrigins).toEqual(['http://192.168.1.20:5173']);
    const res = await server().call('POST', '/api/v1/dev/apps', {
      body: { allowed_origins: ['https://*.example.com'] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_data', message: expect.stringMatching(/wildcard/) });
  });
});
