import { PASSKEY_API } from '@latch/protocol/passkeys';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEveryBackend, type TestServer } from '../../test/harness.js';
import { Passkeys } from './Passkeys.js';
import { passkeyTestClient, setUpPasskeyApp as setup } from './testing/passkeyTestClient.js';
import { PASSKEY_ORIGIN, PASSKEY_RP_ID, SoftAuthenticator } from './testing/softAuthenticator.js';

/** The passkey challenges of `appId` held in the short-lived store (a refused init must add none). */
async function storedChallenges(server: TestServer, appId: string): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from short_lived where key like ${`passkey:${appId}:%`}`.execute(server.db);
  return Number(rows[0]?.n);
}

// A store contract (credential claims and signature counters under racing requests), so on every backend.
forEveryBackend(
  'passkeys: init throttle and races',
  (server) => {
    it('throttles login and sign-up challenges per app and client IP, storing none past the limit', async () => {
      const { appId, client } = await setup(server());
      server().ctx.passkeys = new Passkeys(server().ctx, { points: 3, durationSec: 600 });
      for (const path of [PASSKEY_API.authenticateInit, PASSKEY_API.registerInit, PASSKEY_API.authenticateInit]) {
        expect((await client.post(path, {})).status).toBe(200);
      }
      const before = await storedChallenges(server(), appId);
      for (const path of [PASSKEY_API.authenticateInit, PASSKEY_API.registerInit]) {
        const res = await client.post(path, {});
        expect(res.status).toBe(429);
        expect(await res.json()).toMatchObject({ error: 'too_many_requests' });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      if (server().backend === 'pglite') expect(await storedChallenges(server(), appId)).toBe(before);
      // Another app is not held up by this one's flood.
      const other = await setup(server());
      expect((await other.client.post(PASSKEY_API.authenticateInit, {})).status).toBe(200);
      server().ctx.passkeys = new Passkeys(server().ctx);
    });

    it('logs in with a passkey whose sign-up stopped before binding its credential (a crash after the login)', async () => {
      const { appId, client } = await setup(server());
      const authenticator = new SoftAuthenticator();
      const signUp = await client.signUp(authenticator);
      await sql`update passkey_credentials set user_id = null, linked_account_id = null where app_id = ${appId}`.execute(
        server().db,
      );
      expect((await client.logIn(authenticator)).user.id).toBe(signUp.user.id);
    });

    it('throttles link and MFA challenges per signed-in user, storing none past the limit', async () => {
      // Anyone can sign up: without a per-user limit one account could fill the short-lived store.
      const { appId, client } = await setup(server(), { mfa_methods: ['passkey'] });
      const [aliceKey, bobKey] = [new SoftAuthenticator(), new SoftAuthenticator()];
      const alice = await client.signUp(aliceKey);
      const bob = await client.signUp(bobKey);
      for (const who of [alice, bob]) {
        const owner = { appId, userId: who.user.id.replace('did:latch:', '') };
        await server().ctx.passkeys.setEnrolledInMfa(owner, 'all', true);
      }
      // Link challenges need a step-up (checked, not spent, by the init).
      await client.stepUp(alice.token!, 'link', aliceKey);
      await client.stepUp(bob.token!, 'link', bobKey);
      server().ctx.passkeys = new Passkeys(server().ctx, { points: 3, durationSec: 600 });
      const paths = [PASSKEY_API.linkInit, '/api/v1/mfa/passkeys/init', PASSKEY_API.linkInit];
      for (const path of paths) expect((await client.post(path, {}, alice.token!)).status).toBe(200);
      const before = await storedChallenges(server(), appId);
      for (const path of [PASSKEY_API.linkInit, '/api/v1/mfa/passkeys/init']) {
        const res = await client.post(path, {}, alice.token!);
        expect(res.status).toBe(429);
        expect(await res.json()).toMatchObject({ error: 'too_many_requests' });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      if (server().backend === 'pglite') expect(await storedChallenges(server(), appId)).toBe(before);
      // Another user of the same app, from the same address, is not held up by Alice's flood.
      expect((await client.post(PASSKEY_API.linkInit, {}, bob.token!)).status).toBe(200);
      server().ctx.passkeys = new Passkeys(server().ctx);
    });

    it('refuses a passkey sign-up past the app’s user cap and releases its credential claim', async () => {
      const { appId, clientId } = await server().createApp({
        config: { passkey_auth: true },
        allowedOrigins: [PASSKEY_ORIGIN],
        maxUsers: 1,
      });
      const client = passkeyTestClient(server(), appId, clientId);
      await client.signUp(new SoftAuthenticator());
      const registration = await client.signUpCredential(new SoftAuthenticator());
      const res = await client.post(PASSKEY_API.register, { credential: registration });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'max_accounts_reached' });
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from passkey_credentials where app_id = ${appId}`.execute(server().db);
      expect(Number(rows[0]?.n)).toBe(1);
    });

    it('of two racing links of the same new credential by two users, exactly one links it', async () => {
      const { client } = await setup(server());
      const [aliceKey, bobKey] = [new SoftAuthenticator(), new SoftAuthenticator()];
      const alice = await client.signUp(aliceKey);
      const bob = await client.signUp(bobKey);
      await client.stepUp(alice.token!, 'link', aliceKey);
      await client.stepUp(bob.token!, 'link', bobKey);
      const shared = 'c2hhcmVkLWNyZWRlbnRpYWwtaWQ';
      const forAlice = await client.linkCredential(alice.token!, new SoftAuthenticator(), { credentialId: shared });
      const forBob = await client.linkCredential(bob.token!, new SoftAuthenticator(), { credentialId: shared });
      const answers = await Promise.all([client.linkRaw(alice.token!, forAlice), client.linkRaw(bob.token!, forBob)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from linked_accounts where account_key = ${shared}`.execute(server().db);
      expect(Number(rows[0]?.n)).toBe(1);
    });

    it('of two assertions with the same counter (a cloned authenticator) sent at once, only one logs in', async () => {
      const { client } = await setup(server());
      const authenticator = new SoftAuthenticator();
      await client.signUp(authenticator); // counter 1
      const first = await client.logInAssertion(authenticator, { counter: 2 });
      const clone = await client.logInAssertion(authenticator, { counter: 2 });
      const answers = await Promise.all([client.authenticate(first), client.authenticate(clone)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    });
  },
  { settings: { rpId: PASSKEY_RP_ID } },
);
