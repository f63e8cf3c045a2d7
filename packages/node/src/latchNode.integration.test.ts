import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ADMIN_API, DEV_API, IDENTITY_API, PASSWORDLESS_API, type TokenResponse } from '@latch/protocol';
// The real server, built and served by the server's own test harness (@latch/server/testing).
import {
  backdatedAccessToken,
  captureLogs,
  cli,
  forEachBackend,
  insertEmbeddedWallet,
  widgetHeaders,
} from '@latch/server/testing';
import { base64url, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLatchNode, LatchError, type LatchNode } from './index.js';

const captures: ReturnType<typeof captureLogs>[] = [];

/** What a refused promise threw, as a LatchError. */
async function refusal(promise: Promise<unknown>): Promise<LatchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LatchError);
  return error as LatchError;
}

forEachBackend(
  '@latch/node against a listening server',
  (server) => {
    let base = '';
    let close: () => Promise<void> = async () => {};
    beforeAll(async () => {
      const listening = serve({ fetch: server().app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => listening.once('listening', resolve));
      base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
      close = () => new Promise((resolve) => listening.close(() => resolve()));
    });
    afterAll(() => close());

    /** Logs in by email code over HTTP, as the widget does (the code from the dev outbox). */
    async function emailLogin(appId: string, clientId: string, email: string): Promise<TokenResponse> {
      const post = (path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { ...widgetHeaders(appId, clientId), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post(PASSWORDLESS_API.emailInit, { email })).status).toBe(200);
      const outbox = (await (await fetch(`${base}${DEV_API.outbox}`)).json()) as { recipient: string; code: string }[];
      const code = outbox.find((m) => m.recipient === email)!.code;
      const res = await post(PASSWORDLESS_API.emailAuthenticate, { email, code });
      expect(res.status).toBe(200);
      return (await res.json()) as TokenResponse;
    }

    /** An app with a secret, its SDK, and a user logged in by email code. */
    async function setup(label: string) {
      const { appId, clientId } = await server().createApp({ name: label, config: { sms_auth: true } });
      const [{ secret }] = (await cli(server(), ['apps', 'secret', 'create', appId])) as [{ secret: string }];
      const latch: LatchNode = createLatchNode({
        appId,
        appSecret: secret,
        apiUrl: base,
        issuer: server().ctx.settings.publicUrl,
      });
      const email = `${label.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`;
      return { appId, clientId, secret, latch, email, session: await emailLogin(appId, clientId, email) };
    }

    it('verifies an access token from a real email-code login', async () => {
      const { appId, latch, session } = await setup('Acme');
      const verified = await latch.verifyAccessToken(session.token!);
      expect(verified).toEqual({
        userId: session.user.id,
        sessionId: expect.stringMatching(/^[a-z0-9]{25}$/),
        appId,
        issuer: server().ctx.settings.publicUrl,
        issuedAt: expect.any(Number),
        expiration: expect.any(Number),
      });
      expect(verified.expiration - verified.issuedAt).toBe(3600);
      expect(await latch.verifyAccessToken(`Bearer ${session.token}`)).toEqual(verified);
    });

    it('refuses an expired token, another app’s, one from another issuer, HS256, none, and another key’s', async () => {
      const { appId, latch, session } = await setup('Guarded');
      const other = await setup('Other');
      const userId = session.user.id.replace('did:latch:', '');
      const [header, payload] = session.token!.split('.') as [string, string];
      const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;

      // Signed by the app's real key, two hours ago (the app's TTL is one hour).
      const expired = await backdatedAccessToken(server(), appId, userId, claims.sid as string, 2 * 3600_000);
      const hs256 = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
        .sign(new TextEncoder().encode('a shared secret anyone could pick'));
      const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT', kid }))}.${payload}.`;
      const { privateKey } = await generateKeyPair('ES256');
      const foreignKey = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid })
        .sign(privateKey);

      const cases: Array<[string, string]> = [
        [expired, 'The access token has expired.'],
        [other.session.token!, 'The access token is invalid for this app.'],
        [hs256, 'The access token is invalid for this app.'],
        [none, 'The access token is invalid for this app.'],
        [foreignKey, 'The access token is invalid for this app.'],
        [`${header}.${payload}.${'A'.repeat(86)}`, 'The access token is invalid for this app.'],
        ['', 'The access token is missing or malformed.'],
      ];
      for (const [token, message] of cases) {
        const error = await refusal(latch.verifyAccessToken(token));
        expect([error.code, error.message]).toEqual(['missing_or_invalid_token', message]);
      }
      // The issuer is checked: the same valid token, expected from another issuer.
      const elsewhere = createLatchNode({ appId, apiUrl: base });
      expect((await refusal(elsewhere.verifyAccessToken(session.token!))).code).toBe('missing_or_invalid_token');
      // A server that cannot be reached is not an invalid token.
      const unreachable = createLatchNode({ appId, apiUrl: 'http://127.0.0.1:9', issuer: 'http://localhost:8787' });
      expect((await refusal(unreachable.verifyAccessToken(session.token!))).code).toBe('client_network_error');
    });

    it('reads, looks up and deletes users through the admin API with the secret', async () => {
      const { appId, clientId, latch, email, session } = await setup('Admin');
      const phoneUser = await server().signIn(appId, { type: 'phone', phone_number: '+14155550142' });
      const address = '0x52908400098527886E0F7030069857D2E4169EE7';
      await insertEmbeddedWallet(server(), appId, session.user.id, address);
      const user = await latch.getUser(session.user.id);
      expect(user?.id).toBe(session.user.id);
      expect(user?.linked_accounts.map((a) => a.type)).toEqual(['email', 'wallet']);
      expect((await latch.getUserByEmail(email.toUpperCase()))?.id).toBe(session.user.id);
      expect((await latch.getUserByPhone('+14155550142'))?.id).toBe(phoneUser.user.id);
      expect((await latch.getUserByWalletAddress(address))?.id).toBe(session.user.id);
      expect(await latch.getUserByEmail('nobody@example.com')).toBeNull();
      const bad = await refusal(latch.getUserByPhone('not a phone'));
      expect([bad.code, bad.status]).toEqual(['invalid_data', 400]);

      // Security events: a sign-in through the services alone records none (securityEvents/ tests the rest).
      expect(await latch.getUserSecurityEvents(session.user.id)).toEqual({ events: [], next_before: null });
      expect((await refusal(latch.getUserSecurityEvents(session.user.id, { before: 'x' }))).code).toBe('invalid_data');

      expect(await latch.deleteUser(session.user.id)).toBe(true);
      expect(await latch.getUser(session.user.id)).toBeNull();
      expect(await latch.getUserSecurityEvents(session.user.id)).toBeNull();
      expect(await latch.deleteUser(session.user.id)).toBe(false);
      const me = await fetch(`${base}${IDENTITY_API.me}`, { headers: widgetHeaders(appId, clientId, session.token!) });
      expect(me.status).toBe(401);
    });

    it('refuses admin calls without the secret, with a wrong or rotated-out one, another app’s, or from a browser', async () => {
      const { appId, secret, session } = await setup('Locked');
      const other = await setup('Stranger');
      const sdk = (appSecret?: string) =>
        createLatchNode({ appId, appSecret, apiUrl: base, issuer: server().ctx.settings.publicUrl });

      const noSecret = await refusal(sdk().getUser(session.user.id));
      expect(noSecret.code).toBe('invalid_app_secret');
      for (const wrong of [`${secret}x`, other.secret]) {
        const error = await refusal(sdk(wrong).getUser(session.user.id));
        expect([error.code, error.status]).toEqual(['invalid_app_secret', 401]);
      }
      // Another app's SDK, with its own valid secret, sees none of this app's users.
      expect(await other.latch.getUser(session.user.id)).toBeNull();
      expect(await other.latch.deleteUser(session.user.id)).toBe(false);
      expect(await other.latch.getUserSecurityEvents(session.user.id)).toBeNull();

      const [{ secret: next }] = (await cli(server(), ['apps', 'secret', 'rotate', appId, '--grace', '0'])) as [
        { secret: string },
      ];
      expect((await refusal(sdk(secret).getUser(session.user.id))).code).toBe('invalid_app_secret');
      expect((await sdk(next).getUser(session.user.id))?.id).toBe(session.user.id);

      // Over the wire, a browser's Origin is refused even with the right secret.
      const browser = await fetch(`${base}${ADMIN_API.user(session.user.id)}`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${appId}:${next}`).toString('base64')}`,
          origin: 'https://acme.example',
        },
      });
      expect(browser.status).toBe(403);
      expect((await browser.json()).error).toBe('invalid_origin');

      // The secrets never reach the logs.
      const text = captures.at(-1)!.lines.join('');
      expect(text).toContain('/api/v1/admin/users');
      for (const value of [secret, next, other.secret]) expect(text).not.toContain(value);
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
