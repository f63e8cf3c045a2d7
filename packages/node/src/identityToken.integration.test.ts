import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { DEV_API, IDENTITY_TOKEN, PASSWORDLESS_API, type TokenResponse } from '@latch/protocol';
// The real server, built and served by the server's own test harness (@latch/server/testing).
import { backdatedIdentityToken, forEachBackend, signWithAppKey, widgetHeaders } from '@latch/server/testing';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLatchNode, LatchError, type LatchNode } from './index.js';

/** What a refused promise threw, as a LatchError. */
async function refusal(promise: Promise<unknown>): Promise<LatchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LatchError);
  return error as LatchError;
}

forEachBackend('@latch/node verifyIdentityToken against a listening server', (server) => {
  let base = '';
  let jwksRequests = 0;
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const fetch = (request: Request) => {
      if (new URL(request.url).pathname.endsWith('/jwks.json')) jwksRequests++;
      return server().app.fetch(request);
    };
    const listening = serve({ fetch, port: 0, hostname: '127.0.0.1' });
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

  async function setup(label: string) {
    const { appId, clientId } = await server().createApp({ name: label });
    const latch: LatchNode = createLatchNode({ appId, apiUrl: base, issuer: server().ctx.settings.publicUrl });
    const email = `${label.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`;
    return { appId, latch, email, session: await emailLogin(appId, clientId, email) };
  }

  it('verifies the identity token of a real login: the user and linked accounts, from the cached keys only', async () => {
    const { latch, email, session } = await setup('Verified');
    const before = jwksRequests;
    await latch.verifyAccessToken(session.token!);
    expect(jwksRequests).toBe(before + 1);
    // docs/node-sdk.md "Identity token", line by line: the front end's header, the backend's handler.
    const req = { headers: { 'x-latch-identity-token': session.identity_token } as Record<string, string | undefined> };
    const res = { status: (code: number) => ({ end: () => code }) };
    const handler = async () => {
      try {
        const { userId, linkedAccounts, issuedAt, expiresAt } = await latch.verifyIdentityToken(
          req.headers['x-latch-identity-token'] ?? '',
        );
        const email = linkedAccounts.flatMap((a) => (a.type === 'email' ? [a.address] : []))[0];
        return { userId, linkedAccounts, issuedAt, expiresAt, email };
      } catch (error) {
        if (error instanceof LatchError && error.code === 'missing_or_invalid_token') return res.status(401).end();
        throw error; // client_network_error: the signing keys could not be fetched
      }
    };
    const answer = await handler();
    // The keys the access token fetched verify the identity token: no second request.
    expect(jwksRequests).toBe(before + 1);
    expect(answer).toEqual({
      userId: session.user.id,
      linkedAccounts: session.user.linked_accounts,
      issuedAt: expect.any(Number),
      expiresAt: expect.any(Number),
      email,
    });
    const { issuedAt, expiresAt } = answer as { issuedAt: number; expiresAt: number };
    expect(expiresAt - issuedAt).toBe(IDENTITY_TOKEN.ttlSeconds);
    // Without the header the same handler answers 401.
    req.headers['x-latch-identity-token'] = undefined;
    expect(await handler()).toBe(401);
  });

  it('refuses another app’s, an expired, a tampered, a foreign-key one, and an access token in its place', async () => {
    const { appId, latch, session } = await setup('Guarded');
    const other = await setup('Other');
    // Signed by the app's real key, twenty minutes ago (the token lives ten).
    const userId = session.user.id.replace('did:latch:', '');
    const expired = await backdatedIdentityToken(server(), appId, userId, 20 * 60_000);
    // Claims someone else's wallet: the signature no longer matches.
    const [header, payload, signature] = session.identity_token!.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgedAccounts = { ...claims, linked_accounts: JSON.stringify([{ type: 'wallet', address: '0xdead' }]) };
    const tampered = `${header}.${Buffer.from(JSON.stringify(forgedAccounts)).toString('base64url')}.${signature}`;
    const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
    const { privateKey } = await generateKeyPair('ES256');
    const foreignKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: IDENTITY_TOKEN.typ, kid })
      .sign(privateKey);

    const cases: Array<[string, string]> = [
      [other.session.identity_token!, 'The identity token is invalid for this app.'],
      [expired, 'The identity token has expired.'],
      [tampered, 'The identity token is invalid for this app.'],
      [foreignKey, 'The identity token is invalid for this app.'],
      // The access token of the same session, signed by the same key: its typ is not an identity token's.
      [session.token!, 'The identity token is invalid for this app.'],
      ['', 'The identity token is missing or malformed.'],
    ];
    for (const [token, message] of cases) {
      const error = await refusal(latch.verifyIdentityToken(token));
      expect([error.code, error.message]).toEqual(['missing_or_invalid_token', message]);
    }
    expect(await latch.verifyIdentityToken(session.identity_token!)).toMatchObject({ userId: session.user.id });
  });

  it('verifyAccessToken refuses an identity token, even one that carries every access-token claim', async () => {
    const { appId, latch, session } = await setup('Swapped');
    const refused = await refusal(latch.verifyAccessToken(session.identity_token!));
    expect(refused.code).toBe('missing_or_invalid_token');
    // The attacker's best case: the app key signs (as the server would) an identity-typed token with a sid.
    const [, payload] = session.token!.split('.') as [string, string];
    const accessClaims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const retyped = await signWithAppKey(server(), appId, IDENTITY_TOKEN.typ, accessClaims);
    expect((await refusal(latch.verifyAccessToken(retyped))).code).toBe('missing_or_invalid_token');
    // The same claims under the access typ verify: the typ alone refused it.
    const asAccess = await signWithAppKey(server(), appId, 'JWT', accessClaims);
    expect((await latch.verifyAccessToken(asAccess)).userId).toBe(session.user.id);
  });
});
