import { ADMIN_API, APP_SECRET_PREFIX, IDENTITY_API, type WireUser } from '@latch/protocol';
import { expect, it } from 'vitest';
import { parseCommand, runCommand } from '../../admin/commands.js';
import { captureLogs } from '../../kernel/delivery/testing/captureLogs.js';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { randomIp, uniqueEmail } from '../passwordless/testing/passwordlessTestClient.js';
import { insertEmbeddedWallet } from '../siwe/testing/insertEmbeddedWallet.js';
import { ADMIN_AUTH_FAILURE_LIMIT } from './AppSecrets.js';

const captures: ReturnType<typeof captureLogs>[] = [];

/** Runs a CLI command on the server's context; returns what it printed. */
async function cli(server: TestServer, argv: string[]): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  const code = await runCommand(server.ctx, parseCommand(argv), (value) => out.push(value as Record<string, unknown>));
  expect(code).toBe(0);
  return out;
}

const basic = (appId: string, secret: string) => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;

/** Calls the admin API as a backend would, from `ip` (the socket's address), with extra headers. */
function admin(server: TestServer, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return server.app.request(
    path,
    {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: headers['x-test-ip'] ?? '203.0.113.7' } } },
  );
}

/** An app with a secret and a signed-in email user. */
async function setup(server: TestServer) {
  const { appId, clientId } = await server.createApp({ name: 'Acme', config: { sms_auth: true } });
  const [created] = await cli(server, ['apps', 'secret', 'create', appId]);
  const email = uniqueEmail('admin');
  const session = await server.signIn(appId, { type: 'email', address: email });
  return { appId, clientId, secret: created!.secret as string, email, session };
}

forEachBackend(
  'admin API',
  (server) => {
    it('apps secret create prints a secret once, stores only its hash, and refuses a second create', async () => {
      const { appId } = await server().createApp({ name: 'Acme' });
      const [created] = await cli(server(), ['apps', 'secret', 'create', appId]);
      expect(created).toEqual({ app_id: appId, secret: expect.any(String), prefix: expect.any(String) });
      const secret = created!.secret as string;
      expect(secret).toMatch(new RegExp(`^${APP_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`));
      expect(secret.startsWith(created!.prefix as string)).toBe(true);
      const rows = await server().db.selectFrom('app_secrets').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(secret.slice(APP_SECRET_PREFIX.length + 6));
      await expect(
        runCommand(server().ctx, parseCommand(['apps', 'secret', 'create', appId]), () => {}),
      ).rejects.toThrow(/already has a secret/);
    });

    it('answers the user by id (DID or bare) with the secret, as the widget sees it', async () => {
      const { appId, secret, session } = await setup(server());
      const auth = { authorization: basic(appId, secret) };
      const res = await admin(server(), 'GET', ADMIN_API.user(session.user.id), auth);
      expect(res.status).toBe(200);
      expect((await res.json()) as WireUser).toEqual(session.user);
      const bare = await admin(server(), 'GET', ADMIN_API.user(session.user.id.replace('did:latch:', '')), auth);
      expect(((await bare.json()) as WireUser).id).toBe(session.user.id);
      const unknown = await admin(server(), 'GET', ADMIN_API.user(`did:latch:${'a'.repeat(25)}`), auth);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: 'not_found', message: 'No user matches.' });
      const bad = await admin(server(), 'GET', ADMIN_API.user('../../apps'), auth);
      expect(bad.status).toBe(400);
    });

    it('refuses a call without the secret, with a wrong one, or with another app’s', async () => {
      const { appId, secret, session } = await setup(server());
      const other = await setup(server());
      const path = ADMIN_API.user(session.user.id);
      const cases: Array<[Record<string, string>, number, string]> = [
        [{}, 401, 'invalid_app_secret'],
        [{ authorization: `Bearer ${session.token}` }, 401, 'invalid_app_secret'],
        [{ authorization: basic(appId, `${secret}x`) }, 401, 'invalid_app_secret'],
        [{ authorization: basic(appId, other.secret) }, 401, 'invalid_app_secret'],
        [{ authorization: basic(appId, '') }, 401, 'invalid_app_secret'],
        [{ authorization: 'Basic !!!' }, 401, 'invalid_app_secret'],
      ];
      for (const [headers, status, error] of cases) {
        const res = await admin(server(), 'GET', path, headers);
        expect(res.status).toBe(status);
        expect((await res.json()).error).toBe(error);
      }
      // Another app's own valid credentials do not reach this app's users.
      const cross = await admin(server(), 'GET', path, { authorization: basic(other.appId, other.secret) });
      expect(cross.status).toBe(404);
    });

    it('refuses a browser (Origin or Sec-Fetch-Site) even with the right secret, allowed origin or not', async () => {
      const { appId } = await server().createApp({ name: 'Web', allowedOrigins: ['https://acme.example'] });
      const [created] = await cli(server(), ['apps', 'secret', 'create', appId]);
      const user = await server().signIn(appId, { type: 'email', address: uniqueEmail('web') });
      const authorization = basic(appId, created!.secret as string);
      const browsers: Record<string, string>[] = [
        { origin: 'https://acme.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const extra of browsers) {
        const res = await admin(server(), 'GET', ADMIN_API.user(user.user.id), { authorization, ...extra });
        expect(res.status).toBe(403);
        expect((await res.json()).error).toBe('invalid_origin');
      }
      expect((await admin(server(), 'GET', ADMIN_API.user(user.user.id), { authorization })).status).toBe(200);
    });

    it('rotate: the new secret works, the old one for the grace period only; --grace 0 ends it at once', async () => {
      const { appId, secret, session } = await setup(server());
      const path = ADMIN_API.user(session.user.id);
      const status = async (s: string) =>
        (await admin(server(), 'GET', path, { authorization: basic(appId, s) })).status;
      const [rotated] = await cli(server(), ['apps', 'secret', 'rotate', appId]);
      const second = rotated!.secret as string;
      expect(second).not.toBe(secret);
      expect(rotated!.previous_expires_at).toBe(new Date(server().clock.now().getTime() + 86_400_000).toISOString());
      expect([await status(secret), await status(second)]).toEqual([200, 200]);
      server().clock.advance(86_400_000 + 1000);
      expect([await status(secret), await status(second)]).toEqual([401, 200]);
      const [third] = await cli(server(), ['apps', 'secret', 'rotate', appId, '--grace', '0']);
      expect([await status(second), await status(third!.secret as string)]).toEqual([401, 200]);
    });

    it('looks users up by email, phone and wallet address in the body', async () => {
      const { appId, secret, email, session } = await setup(server());
      await server().signIn(appId, { type: 'phone', phone_number: '+14155550123' });
      const phoneUser = await server().signIn(appId, { type: 'phone', phone_number: '+14155550199' });
      const address = '0x52908400098527886E0F7030069857D2E4169EE7';
      await insertEmbeddedWallet(server(), appId, session.user.id, address);
      const auth = { authorization: basic(appId, secret) };
      const find = async (path: string, body: unknown) => {
        const res = await admin(server(), 'POST', path, auth, body);
        return { status: res.status, id: ((await res.json()) as WireUser).id };
      };
      expect(await find(ADMIN_API.userByEmail, { address: ` ${email.toUpperCase()} ` })).toEqual({
        status: 200,
        id: session.user.id,
      });
      expect(await find(ADMIN_API.userByPhone, { number: '+1 415 555 0199' })).toEqual({
        status: 200,
        id: phoneUser.user.id,
      });
      expect(await find(ADMIN_API.userByWallet, { address: address.toLowerCase() })).toEqual({
        status: 200,
        id: session.user.id,
      });
      expect((await find(ADMIN_API.userByEmail, { address: uniqueEmail('nobody') })).status).toBe(404);
      for (const [path, body] of [
        [ADMIN_API.userByEmail, { address: 'not-an-email' }],
        [ADMIN_API.userByPhone, { number: '12' }],
        [ADMIN_API.userByWallet, { address: '0x1234' }],
        [ADMIN_API.userByEmail, ['array']],
      ] as const) {
        const res = await admin(server(), 'POST', path, auth, body);
        expect(res.status).toBe(400);
        expect((await res.json()).error).toBe('invalid_data');
      }
    });

    it('deletes a user: accounts and sessions go, the token and refresh token stop working', async () => {
      const { appId, clientId, secret, session } = await setup(server());
      const other = await server().signIn(appId, { type: 'email', address: uniqueEmail('stays') });
      const auth = { authorization: basic(appId, secret) };
      const me = () =>
        server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, session.token!) });
      expect((await me()).status).toBe(200);
      const before = await server().tableCounts();
      const res = await admin(server(), 'DELETE', ADMIN_API.user(session.user.id), auth);
      expect(res.status).toBe(204);
      const after = await server().tableCounts();
      expect(after.users).toBe(before.users! - 1);
      expect(after.linked_accounts).toBe(before.linked_accounts! - 1);
      expect(after.sessions).toBe(before.sessions! - 1);
      expect((await me()).status).toBe(401);
      const refresh = await server().call('POST', IDENTITY_API.sessions, {
        headers: widgetHeaders(appId, clientId),
        body: { refresh_token: session.refresh_token },
      });
      expect(refresh.status).toBe(401);
      expect((await admin(server(), 'GET', ADMIN_API.user(session.user.id), auth)).status).toBe(404);
      expect((await admin(server(), 'DELETE', ADMIN_API.user(session.user.id), auth)).status).toBe(404);
      expect((await admin(server(), 'GET', ADMIN_API.user(other.user.id), auth)).status).toBe(200);
      // Another app's secret deletes nothing here.
      const stranger = await setup(server());
      const cross = await admin(server(), 'DELETE', ADMIN_API.user(other.user.id), {
        authorization: basic(stranger.appId, stranger.secret),
      });
      expect(cross.status).toBe(404);
      expect((await admin(server(), 'GET', ADMIN_API.user(other.user.id), auth)).status).toBe(200);
    });

    it('throttles failed secrets per app and client IP; other IPs keep working', async () => {
      const { appId, secret, session } = await setup(server());
      const path = ADMIN_API.user(session.user.id);
      const attacker = randomIp();
      for (let i = 0; i < ADMIN_AUTH_FAILURE_LIMIT.points; i++) {
        const res = await admin(server(), 'GET', path, {
          authorization: basic(appId, `guess${i}`),
          'x-test-ip': attacker,
        });
        expect(res.status).toBe(401);
      }
      const blocked = await admin(server(), 'GET', path, {
        authorization: basic(appId, secret),
        'x-test-ip': attacker,
      });
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).error).toBe('too_many_requests');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      const backend = await admin(server(), 'GET', path, {
        authorization: basic(appId, secret),
        'x-test-ip': randomIp(),
      });
      expect(backend.status).toBe(200);
    });

    it('never writes an app secret to the logs', async () => {
      const logs = captures.at(-1)!;
      const { appId, secret, session } = await setup(server());
      const [rotated] = await cli(server(), ['apps', 'secret', 'rotate', appId]);
      await admin(server(), 'GET', ADMIN_API.user(session.user.id), { authorization: basic(appId, secret) });
      await admin(server(), 'GET', ADMIN_API.user(session.user.id), { authorization: basic(appId, `${secret}x`) });
      await admin(server(), 'DELETE', ADMIN_API.user(session.user.id), {
        authorization: basic(appId, rotated!.secret as string),
      });
      const text = logs.lines.join('');
      expect(text).toContain('/api/v1/admin/users');
      for (const value of [secret, rotated!.secret as string, basic(appId, secret).slice(6)])
        expect(text).not.toContain(value);
    });
  },
  {
    overrides: () => {
      const capture = captureLogs('trace');
      captures.push(capture);
      return { logger: capture.logger };
    },
  },
);
