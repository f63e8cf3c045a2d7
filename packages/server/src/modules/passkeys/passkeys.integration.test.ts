import { LIMIT, type WireUser } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { expectRefusedUnchanged } from '../siwe/testing/expectRefusedUnchanged.js';
import { passkeyIds, passkeyTestClient, setUpPasskeyApp as setup } from './testing/passkeyTestClient.js';
import { PASSKEY_ORIGIN, PASSKEY_RP_ID, SoftAuthenticator } from './testing/softAuthenticator.js';

const GOOGLE_PASSWORD_MANAGER = 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4';

async function credentialRow(server: TestServer, appId: string, credentialId: string) {
  const { rows } = await sql<{ counter: string; last_used_at: Date | null; user_id: string }>`
    select counter, last_used_at, user_id from passkey_credentials
    where app_id = ${appId} and credential_id = ${credentialId}`.execute(server.db);
  return rows[0];
}

forEachBackend(
  'passkeys: sign-up, login, link, limit, unlink',
  (server) => {
    it('signs up with a passkey, logs in with it, links four more, stops at 5, unlinks one', async () => {
      const { appId, client } = await setup(server());
      const phone = new SoftAuthenticator({ aaguid: GOOGLE_PASSWORD_MANAGER });

      const signUp = await client.signUp(phone);
      expect(signUp).toMatchObject({ is_new_user: true, session_update_action: 'set' });
      expect(signUp.device_grant).toEqual(expect.any(String));
      const [first] = passkeyIds(signUp.user);
      expect(signUp.user.linked_accounts).toEqual([
        expect.objectContaining({
          type: 'passkey',
          credential_id: first,
          authenticator_name: 'Google Password Manager',
          created_with_browser: 'Chrome',
          created_with_os: 'Mac OS',
          enrolled_in_mfa: false,
        }),
      ]);

      const login = await client.logIn(phone);
      expect(login).toMatchObject({ is_new_user: false, user: { id: signUp.user.id } });
      expect(login.device_grant).toEqual(expect.any(String));
      const row = await credentialRow(server(), appId, first!);
      expect(Number(row?.counter)).toBe(2);
      expect(row?.last_used_at).not.toBeNull();

      // Links up to the limit with other authenticators (one of them RS256), each from this session.
      let user: WireUser = login.user;
      const others = [new SoftAuthenticator({ algorithm: 'RS256' }), ...[1, 2, 3].map(() => new SoftAuthenticator())];
      for (const authenticator of others) user = await client.link(login.token!, authenticator, phone);
      expect(passkeyIds(user)).toHaveLength(LIMIT.passkeysPerUser);
      expect(user.linked_accounts.at(-1)).toMatchObject({ authenticator_name: null, created_with_browser: 'Chrome' });
      // The RS256 passkey logs in too.
      expect((await client.logIn(others[0]!)).user.id).toBe(signUp.user.id);

      // A sixth: the init says so at once, and a registration made anyway is refused, unstored.
      await client.stepUp(login.token!, 'link', phone);
      const initAtLimit = await client.post(PASSKEY_API.linkInit, {}, login.token!);
      expect(initAtLimit.status).toBe(409);
      expect(await initAtLimit.json()).toMatchObject({
        error: 'cannot_link_more_of_type',
        message: 'Cannot link more passkeys to account.',
      });

      await client.stepUp(login.token!, 'unlink', phone);
      const unlinked = await client.unlink(login.token!, first!);
      expect(unlinked.status).toBe(200);
      expect(passkeyIds((await unlinked.json()) as WireUser)).not.toContain(first);
      expect(await credentialRow(server(), appId, first!)).toBeUndefined();
      // The unlinked passkey no longer logs in.
      const stale = await client.authenticate(await client.logInAssertion(phone));
      expect(stale.status).toBe(400);
      expect(await stale.json()).toMatchObject({ error: 'passkey_not_allowed' });
    });

    it('refuses a sixth passkey made from an init at four, once the fifth is linked (nothing stored)', async () => {
      const { client } = await setup(server());
      const own = new SoftAuthenticator();
      const session = await client.signUp(own);
      for (let i = 0; i < 3; i++) await client.link(session.token!, new SoftAuthenticator(), own);
      await client.stepUp(session.token!, 'link', own);
      const late = await client.linkCredential(session.token!, new SoftAuthenticator());
      await client.link(session.token!, new SoftAuthenticator(), own);
      await client.stepUp(session.token!, 'link', own);
      const body = await expectRefusedUnchanged(
        server(),
        () => client.linkRaw(session.token!, late),
        409,
        'cannot_link_more_of_type',
        { ignore: ['short_lived'] },
      );
      expect(body.message).toBe('Cannot link more passkeys to account.');
    });

    it('never unlinks the last login method, nor a passkey enrolled in MFA', async () => {
      const { appId, client } = await setup(server());
      const authenticator = new SoftAuthenticator();
      const session = await client.signUp(authenticator);
      const [only] = passkeyIds(session.user);
      await client.stepUp(session.token!, 'unlink', authenticator);
      await expectRefusedUnchanged(
        server(),
        () => client.unlink(session.token!, only!),
        409,
        'cannot_unlink_last_account',
      );

      const second = await client.link(session.token!, new SoftAuthenticator(), authenticator);
      const owner = { appId, userId: session.user.id.replace('did:latch:', '') };
      await server().ctx.passkeys.setEnrolledInMfa(owner, [only!], true);
      const body = await expectRefusedUnchanged(
        server(),
        () => client.unlink(session.token!, only!),
        401,
        'missing_or_invalid_mfa',
      );
      expect(body.message).toBe('Cannot unlink a passkey enrolled in MFA');
      expect(passkeyIds(second)).toHaveLength(2);
    });

    it('refuses passkey sign-up and login when passkey login is off, and sign-up under an allowlist', async () => {
      const off = await setup(server(), { passkey_auth: false });
      const init = await off.client.post(PASSKEY_API.authenticateInit, {});
      expect(init.status).toBe(403);
      expect(await init.json()).toMatchObject({ error: 'disallowed_login_method' });
      expect((await off.client.post(PASSKEY_API.registerInit, {})).status).toBe(403);

      const listed = await server().createApp({
        config: { passkey_auth: true },
        allowedOrigins: [PASSKEY_ORIGIN],
        allowlist: ['someone@example.com'],
      });
      const client = passkeyTestClient(server(), listed.appId, listed.clientId);
      const refused = await client.post(PASSKEY_API.registerInit, {});
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'allowlist_rejected' });
    });

    it('links a passkey for MFA when passkeys are an MFA method though passkey login is off', async () => {
      const { appId, client } = await setup(server(), { passkey_auth: false, mfa_methods: ['passkey'] });
      const session = await server().signIn(appId, { type: 'email', address: 'mfa@example.test' });
      const user = await client.link(session.token!, new SoftAuthenticator(), 'code');
      expect(passkeyIds(user)).toHaveLength(1);
      // It is no login method: it does not log in.
      expect((await client.post(PASSKEY_API.authenticateInit, {})).status).toBe(403);
    });

    it('serves the related origins document with every app’s allowed origins', async () => {
      await setup(server());
      const res = await server().call('GET', PASSKEY_API.relatedOrigins);
      expect(res.status).toBe(200);
      const { origins } = (await res.json()) as { origins: string[] };
      expect(origins).toContain(PASSKEY_ORIGIN);
      expect(new Set(origins).size).toBe(origins.length);
    });

    it('lists in the related origins document only the apps that use passkeys (login or MFA)', async () => {
      const create = (origin: string, config: Record<string, unknown>) =>
        server().createApp({ config: { email_auth: true, ...config }, allowedOrigins: [origin] });
      await create('https://no-passkeys.example', { passkey_auth: false });
      await create('https://mfa-passkeys.example', { passkey_auth: false, mfa_methods: ['passkey'] });
      const { origins } = (await (await server().call('GET', PASSKEY_API.relatedOrigins)).json()) as {
        origins: string[];
      };
      expect(origins).toContain('https://mfa-passkeys.example');
      expect(origins).not.toContain('https://no-passkeys.example');
    });

    it('answers MFA options over the MFA passkeys only, bound to the session', async () => {
      const { appId, client } = await setup(server(), { mfa_methods: ['passkey'] });
      const authenticator = new SoftAuthenticator();
      const session = await client.signUp(authenticator);
      const none = await client.post('/api/v1/mfa/passkeys/init', {}, session.token!);
      expect(none.status).toBe(401);
      const [id] = passkeyIds(session.user);
      const owner = { appId, userId: session.user.id.replace('did:latch:', '') };
      await server().ctx.passkeys.setEnrolledInMfa(owner, 'all', true);
      expect(await server().ctx.passkeys.mfaCredentialIds(owner)).toEqual([id]);
      const res = await client.post('/api/v1/mfa/passkeys/init', {}, session.token!);
      expect(res.status).toBe(200);
      const { options } = await res.json();
      expect(options).toMatchObject({ rp_id: PASSKEY_RP_ID, user_verification: 'required' });
      expect(options.allow_credentials.map((d: { id: string }) => d.id)).toEqual([id]);
    });

    it('answers no MFA challenge where the app does not offer passkey MFA (one route only: MFA_API.passkeysInit)', async () => {
      const { appId, client } = await setup(server(), { mfa_methods: ['totp'] });
      const session = await client.signUp(new SoftAuthenticator());
      // An MFA passkey of a user whose app has since dropped passkey MFA.
      await server().ctx.passkeys.setEnrolledInMfa(
        { appId, userId: session.user.id.replace('did:latch:', '') },
        'all',
        true,
      );
      await expectRefusedUnchanged(
        server(),
        () => client.post('/api/v1/mfa/passkeys/init', {}, session.token!),
        400,
        'invalid_data',
      );
    });
  },
  { settings: { rpId: PASSKEY_RP_ID } },
);
