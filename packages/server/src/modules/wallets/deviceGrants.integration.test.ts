import { PASSWORDLESS_API, type TokenResponse } from '@latch/protocol';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { passwordlessTestClient, uniqueEmail, wrongCode } from '../passwordless/testing/passwordlessTestClient.js';
import { TEST_ORIGIN } from '../siwe/testing/siweTestClient.js';
import { freshLogin, TestFrame } from './testing/testFrame.js';

/** The device grants in the main database's short-lived table (where the login's statement writes them). */
async function storedGrants(server: TestServer): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from short_lived where key like 'device-grant:%'`.execute(server.db);
  return Number(rows[0]?.n);
}

// The grant is stored with the login (in its one statement on PostgreSQL/PGlite, through the store on Redis
// or when the login takes the long way): only a written login stores one, bound to its session and user.
forEachBackend('device grants stored with the login', (server) => {
  it('an email login answers a grant its own session redeems; a wrong code stores none', async () => {
    const { appId, clientId } = await server().createApp({
      allowedOrigins: [TEST_ORIGIN],
      config: { email_auth: true, wallet_auth: true },
    });
    const client = passwordlessTestClient(server(), appId, clientId);
    const email = uniqueEmail('grant');
    expect((await client.post(PASSWORDLESS_API.emailInit, { email })).status).toBe(200);
    const code = await client.latestCode(email);
    const inDatabase = server().ctx.shortLived.inMainDatabase;
    const before = inDatabase ? await storedGrants(server()) : 0;

    const wrong = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: wrongCode(code) });
    expect(wrong.status).toBe(422);
    if (inDatabase) expect(await storedGrants(server())).toBe(before);

    const right = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code });
    expect(right.status).toBe(200);
    const body = (await right.json()) as TokenResponse;
    expect(body.device_grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    if (inDatabase) expect(await storedGrants(server())).toBe(before + 1);
    const user = {
      appId,
      clientId,
      token: body.token as string,
      refreshToken: body.refresh_token as string,
      deviceGrant: body.device_grant,
    };
    const frame = await TestFrame.create(server(), user);
    expect((await frame.register()).status).toBe(200);
    expect((await (await TestFrame.create(server(), user)).register()).status).toBe(401); // spent
  });

  it('a login the long way (an allowlisted app) answers a grant its session redeems, and no other', async () => {
    const { appId, clientId } = await server().createApp({
      allowedOrigins: [TEST_ORIGIN],
      allowlist: ['invited@example.com'],
      config: { email_auth: true, wallet_auth: true },
    });
    const account = { type: 'email' as const, address: 'invited@example.com' };
    const first = await freshLogin(server(), appId, clientId, account);
    const second = await freshLogin(server(), appId, clientId, account);
    expect(first.deviceGrant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The second session cannot redeem the first's grant (and spends it trying).
    expect((await (await TestFrame.create(server(), second)).register(first.deviceGrant)).status).toBe(401);
    expect((await (await TestFrame.create(server(), second)).register()).status).toBe(200);
  });
});
