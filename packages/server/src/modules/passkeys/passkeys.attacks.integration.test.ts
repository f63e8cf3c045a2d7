import type { WirePasskeyRequestOptions } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { databaseFingerprint } from '../passwordless/testing/databaseFingerprint.js';
import { passkeyIds, passkeyTestClient } from './testing/passkeyTestClient.js';
import { PASSKEY_ORIGIN, PASSKEY_RP_ID, SoftAuthenticator } from './testing/softAuthenticator.js';

// Each attack is refused with SPEC's error and leaves every table as it was (the short-lived store,
// where the spent challenge lived, aside). Each would pass without the check it names.

const SHORT_LIVED = new Set(['short_lived', 'durable_counters']);

async function fingerprint(server: TestServer) {
  const all = await databaseFingerprint(server.db);
  return Object.fromEntries(Object.entries(all).filter(([table]) => !SHORT_LIVED.has(table)));
}

/** Sends `request`, expects `status`/`code`, and every table unchanged. */
async function expectRefused(server: TestServer, request: () => Promise<Response>, status: number, code: string) {
  const before = await fingerprint(server);
  const res = await request();
  expect({ status: res.status, error: (await res.json()).error }).toEqual({ status, error: code });
  expect(await fingerprint(server)).toEqual(before);
}

async function setup(server: TestServer, origins = [PASSKEY_ORIGIN]) {
  const { appId, clientId } = await server.createApp({
    config: { passkey_auth: true, email_auth: true },
    allowedOrigins: origins,
  });
  return { appId, client: passkeyTestClient(server, appId, clientId) };
}

const userIdOf = (did: string) => did.replace('did:latch:', '');

forEachBackend(
  'passkey attacks',
  (server) => {
    it('refuses a replayed assertion (its challenge is spent)', async () => {
      const { client } = await setup(server());
      const authenticator = new SoftAuthenticator();
      await client.signUp(authenticator);
      const assertion = await client.logInAssertion(authenticator);
      expect((await client.authenticate(assertion)).status).toBe(200);
      await expectRefused(server(), () => client.authenticate(assertion), 400, 'passkey_not_allowed');
    });

    it('refuses an assertion or a registration for another RP ID', async () => {
      const { client } = await setup(server());
      const authenticator = new SoftAuthenticator();
      await client.signUp(authenticator);
      const assertion = await client.logInAssertion(authenticator, { rpId: 'evil.example' });
      await expectRefused(server(), () => client.authenticate(assertion), 400, 'passkey_not_allowed');
      const registration = await client.signUpCredential(new SoftAuthenticator(), { rpId: 'evil.example' });
      await expectRefused(
        server(),
        () => client.post(PASSKEY_API.register, { credential: registration }),
        400,
        'passkey_not_allowed',
      );
    });

    it('refuses a ceremony run on an origin the app does not allow', async () => {
      const { client } = await setup(server());
      const authenticator = new SoftAuthenticator();
      await client.signUp(authenticator);
      const options = (await (await client.post(PASSKEY_API.authenticateInit, {})).json()).options;
      const assertion = authenticator.get(options as WirePasskeyRequestOptions, 'https://phish.example');
      await expectRefused(server(), () => client.authenticate(assertion), 400, 'passkey_not_allowed');
    });

    it('refuses a registration without user verification', async () => {
      const { client } = await setup(server());
      const registration = await client.signUpCredential(new SoftAuthenticator({ userVerified: false }));
      await expectRefused(
        server(),
        () => client.post(PASSKEY_API.register, { credential: registration }),
        400,
        'passkey_not_allowed',
      );
    });

    it('refuses a registration the browser reports as not discoverable (credProps rk false)', async () => {
      const { client } = await setup(server());
      const registration = await client.signUpCredential(new SoftAuthenticator());
      const credential = { ...registration, client_extension_results: { cred_props: { rk: false } } };
      await expectRefused(
        server(),
        () => client.post(PASSKEY_API.register, { credential }),
        400,
        'passkey_not_allowed',
      );
    });

    it('refuses an assertion whose counter does not increase, and keeps the stored counter', async () => {
      const { appId, client } = await setup(server());
      const authenticator = new SoftAuthenticator();
      await client.signUp(authenticator);
      await client.logIn(authenticator); // counter 2
      const cloned = await client.logInAssertion(authenticator, { counter: 2 });
      await expectRefused(server(), () => client.authenticate(cloned), 400, 'passkey_not_allowed');
      const backwards = await client.logInAssertion(authenticator, { counter: 1 });
      await expectRefused(server(), () => client.authenticate(backwards), 400, 'passkey_not_allowed');
      const { rows } = await sql<{
        counter: string;
      }>`select counter from passkey_credentials where app_id = ${appId}`.execute(server().db);
      expect(rows.map((r) => Number(r.counter))).toEqual([2]);
    });

    it('logs in a passkey that never counts (synced passkeys report 0)', async () => {
      const { client } = await setup(server());
      const synced = new SoftAuthenticator({ counts: false });
      const signUp = await client.signUp(synced);
      expect((await client.logIn(synced)).user.id).toBe(signUp.user.id);
      expect((await client.logIn(synced)).user.id).toBe(signUp.user.id);
    });

    it('refuses a login with a credential of another app, and another app’s challenge', async () => {
      const a = await setup(server());
      const b = await setup(server());
      const authenticator = new SoftAuthenticator();
      await a.client.signUp(authenticator);
      // App B has no such credential, though the RP ID and origin are the same.
      const assertion = await b.client.logInAssertion(authenticator);
      await expectRefused(server(), () => b.client.authenticate(assertion), 400, 'passkey_not_allowed');
      // App B's challenge, signed by A's passkey, sent to A.
      const crossed = await b.client.logInAssertion(authenticator);
      await expectRefused(server(), () => a.client.authenticate(crossed), 400, 'passkey_not_allowed');
    });

    it('refuses to link a credential another user (or this one) already has', async () => {
      const { client } = await setup(server());
      const alice = await client.signUp(new SoftAuthenticator());
      const bobKey = new SoftAuthenticator();
      const bob = await client.signUp(bobKey);
      await client.stepUp(bob.token!, 'link', bobKey);
      const [aliceId] = passkeyIds(alice.user);
      const stolen = await client.linkCredential(bob.token!, new SoftAuthenticator(), { credentialId: aliceId });
      await expectRefused(server(), () => client.linkRaw(bob.token!, stolen), 409, 'linked_to_another_user');
      const [bobId] = passkeyIds(bob.user);
      const again = await client.linkCredential(bob.token!, new SoftAuthenticator(), { credentialId: bobId });
      await expectRefused(server(), () => client.linkRaw(bob.token!, again), 409, 'linked_to_another_user');
    });

    it('refuses a link with a challenge of another session or a login challenge', async () => {
      const { client } = await setup(server());
      const [aliceKey, bobKey] = [new SoftAuthenticator(), new SoftAuthenticator()];
      const alice = await client.signUp(aliceKey);
      const bob = await client.signUp(bobKey);
      await client.stepUp(alice.token!, 'link', aliceKey);
      await client.stepUp(bob.token!, 'link', bobKey);
      const forAlice = await client.linkCredential(alice.token!, new SoftAuthenticator());
      await expectRefused(server(), () => client.linkRaw(bob.token!, forAlice), 400, 'passkey_not_allowed');
      const authenticator = new SoftAuthenticator();
      const loginOptions = (await (await client.post(PASSKEY_API.authenticateInit, {})).json()).options;
      const registration = authenticator.create(
        { ...(await client.linkOptions(bob.token!)), challenge: loginOptions.challenge },
        PASSKEY_ORIGIN,
      );
      await expectRefused(server(), () => client.linkRaw(bob.token!, registration), 400, 'passkey_not_allowed');
    });

    it('refuses an expired challenge', async () => {
      const { client } = await setup(server());
      const authenticator = new SoftAuthenticator();
      await client.signUp(authenticator);
      const assertion = await client.logInAssertion(authenticator);
      server().clock.advance(5 * 60_000 + 1);
      await expectRefused(server(), () => client.authenticate(assertion), 400, 'passkey_not_allowed');
    });

    it('refuses an MFA assertion by another user’s passkey, a passkey not enrolled, or another session’s challenge', async () => {
      const { appId, client } = await setup(server());
      const aliceKey = new SoftAuthenticator();
      const alice = await client.signUp(aliceKey);
      const bobKey = new SoftAuthenticator();
      const bob = await client.signUp(bobKey);
      const passkeys = server().ctx.passkeys;
      const aliceOwner = { appId, userId: userIdOf(alice.user.id) };
      const bobOwner = { appId, userId: userIdOf(bob.user.id) };
      await passkeys.setEnrolledInMfa(aliceOwner, 'all', true);
      await passkeys.setEnrolledInMfa(bobOwner, 'all', true);
      const bobSession = 'session-of-bob';
      const refused = { code: 'missing_or_invalid_mfa' };

      // Alice's passkey answering Bob's challenge.
      const bobOptions = await passkeys.mfaRequestOptions(bobOwner, bobSession);
      const aliceAnswer = aliceKey.get({ ...bobOptions, allow_credentials: [] }, PASSKEY_ORIGIN);
      const before = await fingerprint(server());
      await expect(passkeys.verifyMfaAssertion(bobOwner, bobSession, aliceAnswer)).rejects.toMatchObject(refused);
      // Bob's own answer, to a challenge of another session.
      const otherSession = bobKey.get(await passkeys.mfaRequestOptions(bobOwner, 'another-session'), PASSKEY_ORIGIN);
      await expect(passkeys.verifyMfaAssertion(bobOwner, bobSession, otherSession)).rejects.toMatchObject(refused);
      // A passkey no longer enrolled.
      const answer = bobKey.get(await passkeys.mfaRequestOptions(bobOwner, bobSession), PASSKEY_ORIGIN);
      await passkeys.setEnrolledInMfa(bobOwner, 'all', false);
      await expect(passkeys.verifyMfaAssertion(bobOwner, bobSession, answer)).rejects.toMatchObject(refused);
      await passkeys.setEnrolledInMfa(bobOwner, 'all', true);
      expect(await fingerprint(server())).toEqual(before);

      // The honest answer passes once, and its replay does not.
      const honest = bobKey.get(await passkeys.mfaRequestOptions(bobOwner, bobSession), PASSKEY_ORIGIN);
      await passkeys.verifyMfaAssertion(bobOwner, bobSession, honest);
      await expect(passkeys.verifyMfaAssertion(bobOwner, bobSession, honest)).rejects.toMatchObject(refused);
    });

    it('refuses to flag another user’s passkey for MFA', async () => {
      const { appId, client } = await setup(server());
      const alice = await client.signUp(new SoftAuthenticator());
      const bob = await client.signUp(new SoftAuthenticator());
      const before = await fingerprint(server());
      await expect(
        server().ctx.passkeys.setEnrolledInMfa({ appId, userId: userIdOf(bob.user.id) }, passkeyIds(alice.user), true),
      ).rejects.toMatchObject({ code: 'account_not_linked' });
      expect(await fingerprint(server())).toEqual(before);
    });

    it('answers malformed bodies with 400 invalid_data, and garbage that parses with passkey_not_allowed', async () => {
      const { client } = await setup(server());
      const authenticator = new SoftAuthenticator();
      const session = await client.signUp(authenticator);
      const assertion = await client.logInAssertion(authenticator);
      for (const body of [
        { credential: 'a string' },
        { credential: { ...assertion, response: 'x' } },
        { credential: { ...assertion, type: 'password' } },
        { credential: { ...assertion, id: 'not base64url!' } },
        {},
      ]) {
        await expectRefused(server(), () => client.post(PASSKEY_API.authenticate, body), 400, 'invalid_data');
        await expectRefused(server(), () => client.post(PASSKEY_API.register, body), 400, 'invalid_data');
        await expectRefused(server(), () => client.post(PASSKEY_API.link, body, session.token!), 400, 'invalid_data');
      }
      const garbage = { ...assertion, response: { ...assertion.response, authenticator_data: 'AAAA' } };
      await expectRefused(server(), () => client.authenticate(garbage), 400, 'passkey_not_allowed');
      const registration = await client.signUpCredential(new SoftAuthenticator());
      const broken = { ...registration, response: { ...registration.response, attestation_object: 'oWNmbXQ' } };
      await expectRefused(
        server(),
        () => client.post(PASSKEY_API.register, { credential: broken }),
        400,
        'passkey_not_allowed',
      );
      const unlink = await client.post(PASSKEY_API.unlink, { credential_id: 42 }, session.token!);
      expect(unlink.status).toBe(400);
    });
  },
  { settings: { rpId: PASSKEY_RP_ID } },
);
