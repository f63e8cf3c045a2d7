import { describe, expect, it } from 'vitest';
import { identityModule } from '../identity/index.js';
import { startServer } from '../index.js';
import { defaultModules } from '../modules/index.js';
import { GREETING_PATHS } from '../test/greetingModule/greetingRoutes.js';
import { greetingJobs, greetingModule } from '../test/greetingModule/index.js';
import { createTestServer, testSettings, widgetHeaders } from '../test/harness.js';
import { createApp } from './app.js';
import { assertModuleList, type LatchModule } from './module.js';

// Adding a module is one folder and one line in the module list (docs/architecture.md "Adding a module"):
// the example module under test/greetingModule/ is added beside the defaults and nothing else changes.
describe('a module added to the list', () => {
  it('migrates its table, puts its service on the context and serves its route behind its caller check', async () => {
    const server = await createTestServer({}, 'pglite', { modules: [...defaultModules, greetingModule] });
    try {
      expect(server.modules.map((module) => module.id)).toEqual([
        'identity',
        ...defaultModules.map((m) => m.id),
        'greeting',
      ]);
      const { appId, clientId } = await server.createApp({ config: { email_auth: true } });
      const anonymous = await server.call('GET', GREETING_PATHS.greeting, { headers: widgetHeaders(appId, clientId) });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: 'missing_or_invalid_token' });

      const tokens = await server.signIn(appId, { type: 'email', address: 'greeted@example.com' });
      const headers = widgetHeaders(appId, clientId, tokens.token ?? undefined);
      const first = await server.call('GET', GREETING_PATHS.greeting, { headers });
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ hello: tokens.user.id, count: 1 });
      // One service, built once at start: the second call sees the first one's count.
      expect(await (await server.call('GET', GREETING_PATHS.greeting, { headers })).json()).toMatchObject({ count: 2 });
      // Its migration made its table, which its service writes through the typed database.
      expect((await server.tableCounts()).greetings).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('is absent from a server that does not list it', async () => {
    const server = await createTestServer({});
    try {
      const { appId, clientId } = await server.createApp();
      const response = await server.call('GET', GREETING_PATHS.greeting, { headers: widgetHeaders(appId, clientId) });
      expect(response.status).toBe(404);
      expect('greetings' in server.ctx).toBe(false);
      expect(Object.keys(await server.tableCounts())).not.toContain('greetings');
    } finally {
      await server.close();
    }
  });

  it('runs its background work while the server listens, and stops it on close', async () => {
    const before = { ...greetingJobs };
    const running = await startServer(testSettings({ port: 0 }), { modules: [...defaultModules, greetingModule] });
    expect(greetingJobs.started).toBe(before.started + 1);
    expect(greetingJobs.stopped).toBe(before.stopped);
    await running.close();
    expect(greetingJobs.stopped).toBe(before.stopped + 1);
  });
});

describe('a module list that cannot work', () => {
  it('is refused before anything opens: a module twice, or one whose required module is missing', async () => {
    expect(() => assertModuleList([greetingModule, greetingModule])).toThrow('module "greeting" is listed twice');
    expect(() => assertModuleList([identityModule, greetingModule])).toThrow(
      'module "greeting" requires module "passwordless", which is not listed',
    );
    await expect(createTestServer({}, 'pglite', { modules: [greetingModule] })).rejects.toThrow(
      'requires module "passwordless"',
    );
  });

  it('refuses a route whose caller kind no module checks, and a caller kind checked twice', async () => {
    const server = await createTestServer({});
    try {
      const deviceRoute: LatchModule = {
        id: 'lost',
        routes: [{ method: 'get', path: '/lost', caller: 'frame', handler: (c) => c.body(null, 204) }],
      };
      expect(() => createApp(server.ctx, [identityModule, deviceRoute])).toThrow(
        'route GET /lost requires caller "frame", which no module checks',
      );
      const twice: LatchModule = { id: 'twice', callers: { user: identityModule.callers?.user } };
      expect(() => createApp(server.ctx, [identityModule, twice])).toThrow(
        'caller kind "user" is checked by two modules',
      );
    } finally {
      await server.close();
    }
  });
});
