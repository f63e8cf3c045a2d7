import type { WirePasskeyRequestOptions } from '@latch/protocol';
import { MFA_API } from '@latch/protocol/mfa';
import { WALLET_API } from '@latch/protocol/schemas';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { passkeyIds, passkeyTestClient } from '../passkeys/testing/passkeyTestClient.js';
import { PASSKEY_ORIGIN, PASSKEY_RP_ID, SoftAuthenticator } from '../passkeys/testing/softAuthenticator.js';
import { TestFrame } from '../wallets/testing/testFrame.js';
import { stateOf, userIdOf } from './testing/mfaTesting.js';

forEachBackend(
  'MFA: passkeys (#13)',
  (server) => {
    /** A user signed up with a passkey, a registered frame and a wallet. */
    async function passkeyUser(s: TestServer) {
      const { appId, clientId } = await s.createApp({
        name: 'Acme',
        config: { passkey_auth: true, email_auth: true, mfa_methods: ['passkey', 'totp'] },
        allowedOrigins: [PASSKEY_ORIGIN],
      });
      const client = passkeyTestClient(s, appId, clientId);
      const authenticator = new SoftAuthenticator();
      const signUp = await client.signUp(authenticator);
      const frame = await TestFrame.create(s, {
        appId,
        clientId,
        token: signUp.token as string,
        refreshToken: signUp.refresh_token as string,
        deviceGrant: signUp.device_grant,
      });
      expect((await frame.register()).status).toBe(200);
      expect((await frame.createWallet()).res.status).toBe(200);
      const [credentialId] = passkeyIds(signUp.user);
      const owner = { appId, userId: userIdOf(signUp.token as string) };
      return { client, authenticator, frame, credentialId: credentialId as string, owner };
    }
    /** MFA_API.passkeysInit (bearer only, from the host page), then the authenticator's assertion. */
    async function assertion(u: Awaited<ReturnType<typeof passkeyUser>>, authenticator = u.authenticator) {
      const res = await u.client.post(MFA_API.passkeysInit, {}, u.frame.user.token);
      expect(res.status).toBe(200);
      const { options } = (await res.json()) as { options: WirePasskeyRequestOptions };
      return authenticator.get(options, PASSKEY_ORIGIN);
    }

    it('enrols a linked passkey, verifies with it (once per challenge), gates recovery, and unenrols', async () => {
      const s = server();
      const u = await passkeyUser(s);
      const { frame } = u;
      // Not a passkey of this user: bad input, nothing enrolled.
      const stranger = await frame.call('POST', MFA_API.passkeysEnroll, { credential_ids: ['AAAA'] });
      expect((await stranger.json()).error).toBe('account_not_linked');
      // A passkey-only user steps up with that passkey (stepUp/).
      await u.client.stepUp(frame.user.token, 'manage_mfa', u.authenticator);
      const enrolled = await frame.call('POST', MFA_API.passkeysEnroll, { credential_ids: [u.credentialId] });
      expect(enrolled.status).toBe(200);
      expect(await stateOf(enrolled)).toEqual({
        mfa_methods: ['passkey'],
        required_actions: ['export', 'recovery', 'set_password', 'manage_mfa'],
      });
      expect((await frame.call('POST', WALLET_API.recovery)).status).toBe(401);

      const credential = await assertion(u);
      const verified = await frame.call('POST', MFA_API.verify, { method: 'passkey', credential, action: 'recovery' });
      expect(verified.status).toBe(200);
      // The same assertion again: its challenge was taken.
      const replay = await frame.call('POST', MFA_API.verify, { method: 'passkey', credential, action: 'recovery' });
      expect(replay.status).toBe(401);
      expect((await frame.call('POST', WALLET_API.recovery)).status).toBe(200);

      // A second passkey of the same user, linked but not enrolled in MFA, is no second factor.
      const laptop = new SoftAuthenticator();
      await u.client.link(frame.user.token, laptop, u.authenticator);
      const res = await u.client.post(MFA_API.passkeysInit, {}, frame.user.token);
      const { options } = (await res.json()) as { options: WirePasskeyRequestOptions };
      const notEnrolled = laptop.get(options, PASSKEY_ORIGIN, { credential: laptop.credentials[0] });
      const refused = await frame.call('POST', MFA_API.verify, {
        method: 'passkey',
        credential: notEnrolled,
        action: 'recovery',
      });
      expect(refused.status).toBe(401);
      expect((await refused.json()).error).toBe('missing_or_invalid_mfa');

      // Removing passkey MFA needs a step-up and a manage_mfa verification, and un-flags every MFA passkey.
      await u.client.stepUp(frame.user.token, 'manage_mfa', u.authenticator);
      expect((await frame.call('POST', MFA_API.unenroll, { method: 'passkey' })).status).toBe(401);
      const manage = await frame.call('POST', MFA_API.verify, {
        method: 'passkey',
        credential: await assertion(u),
        action: 'manage_mfa',
      });
      expect(manage.status).toBe(200);
      const removed = await frame.call('POST', MFA_API.unenroll, { method: 'passkey' });
      expect(removed.status).toBe(200);
      expect(await stateOf(removed)).toEqual({ mfa_methods: [], required_actions: [] });
      expect(await s.ctx.passkeys.mfaCredentialIds(u.owner)).toEqual([]);
    });
  },
  { settings: { rpId: PASSKEY_RP_ID } },
);
