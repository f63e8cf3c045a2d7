import { randomBytes } from 'node:crypto';
import { IDENTITY_API, type WirePasskeyRequestOptions, type WireUser } from '@latch/protocol';
import { MFA_API } from '@latch/protocol/mfa';
import { WALLET_API } from '@latch/protocol/schemas';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { mfaUser, stepUpToManageMfa } from '../mfa/testing/mfaTesting.js';
import { passkeyIds, passkeyTestClient } from './testing/passkeyTestClient.js';
import { PASSKEY_ORIGIN, PASSKEY_RP_ID, SoftAuthenticator } from './testing/softAuthenticator.js';

// Passkey MFA end to end on the real server: a linked passkey enrolled through the frame route, the
// bearer challenge, the frame's verify, and the export gate that takes the verification.

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

async function passkeyMfaUser(server: TestServer, app: { appId: string; clientId: string }, name: string) {
  const { frame, owner } = await mfaUser(server, app, { type: 'email', address: unique(name) });
  expect((await frame.createWallet()).res.status).toBe(200);
  const client = passkeyTestClient(server, app.appId, app.clientId);
  const authenticator = new SoftAuthenticator();
  const [credentialId] = passkeyIds(await client.link(frame.user.token, authenticator, 'code'));
  // Enrolled a minute after the link: the MFA method's verified_at is the enrolment's time, not the link's.
  server.clock.advance(60_000);
  const enrolledAt = Math.floor(server.clock.now().getTime() / 1000);
  await stepUpToManageMfa(server, frame);
  const enrolled = await frame.call('POST', MFA_API.passkeysEnroll, { credential_ids: [credentialId] });
  expect(enrolled.status).toBe(200);
  expect(await enrolled.json()).toMatchObject({ mfa_methods: ['passkey'] });
  const me = await server.call('GET', IDENTITY_API.me, {
    headers: widgetHeaders(app.appId, app.clientId, frame.user.token),
  });
  expect(((await me.json()) as { user: WireUser }).user.mfa_methods).toEqual([
    { type: 'passkey', verified_at: enrolledAt },
  ]);
  const challenge = async (): Promise<WirePasskeyRequestOptions> => {
    const res = await client.post(MFA_API.passkeysInit, {}, frame.user.token);
    expect(res.status).toBe(200);
    return ((await res.json()) as { options: WirePasskeyRequestOptions }).options;
  };
  const verify = (credential: unknown, action = 'export') =>
    frame.call('POST', MFA_API.verify, { method: 'passkey', credential, action });
  return { frame, owner, client, authenticator, credentialId: credentialId!, challenge, verify };
}

forEachBackend(
  'passkey MFA through the frame routes',
  (server) => {
    let app: { appId: string; clientId: string } | undefined;
    const theApp = async () => {
      app ??= await server().createApp({
        name: 'Acme',
        config: { email_auth: true, passkey_auth: true, mfa_methods: ['passkey'] },
        allowedOrigins: [PASSKEY_ORIGIN],
      });
      return app;
    };
    const error = async (res: Response) => ((await res.json()) as { error: string }).error;

    it('an enrolled passkey verifies an export once; the export is refused before and after', async () => {
      const alice = await passkeyMfaUser(server(), await theApp(), 'alice');
      const refused = await alice.frame.call('POST', WALLET_API.exportInit);
      expect(refused.status).toBe(401);
      expect(await error(refused)).toBe('missing_or_invalid_mfa');

      const assertion = alice.authenticator.get(await alice.challenge(), PASSKEY_ORIGIN);
      expect((await alice.verify(assertion)).status).toBe(200);
      expect((await alice.frame.call('POST', WALLET_API.exportInit)).status).toBe(200);
      expect((await alice.frame.call('POST', WALLET_API.exportInit)).status).toBe(401);
      // The same assertion again: its challenge is spent.
      const replay = await alice.verify(assertion);
      expect(replay.status).toBe(401);
      expect(await error(replay)).toBe('missing_or_invalid_mfa');
      expect((await alice.frame.call('POST', WALLET_API.exportInit)).status).toBe(401);
    });

    it('refuses another user’s passkey answering the challenge, and records nothing', async () => {
      const alice = await passkeyMfaUser(server(), await theApp(), 'alice2');
      const bob = await passkeyMfaUser(server(), await theApp(), 'bob2');
      const options = await alice.challenge();
      const bobs = bob.authenticator.get({ ...options, allow_credentials: [] }, PASSKEY_ORIGIN);
      const res = await alice.verify(bobs);
      expect(res.status).toBe(401);
      expect(await error(res)).toBe('missing_or_invalid_mfa');
      expect((await alice.frame.call('POST', WALLET_API.exportInit)).status).toBe(401);
    });

    it('will not unlink a passkey enrolled in MFA', async () => {
      const alice = await passkeyMfaUser(server(), await theApp(), 'alice3');
      await alice.client.stepUp(alice.frame.user.token, 'unlink');
      const res = await alice.client.unlink(alice.frame.user.token, alice.credentialId);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        error: 'missing_or_invalid_mfa',
        message: 'Cannot unlink a passkey enrolled in MFA',
      });
    });
  },
  { settings: { rpId: PASSKEY_RP_ID } },
);
