import {
  IDENTITY_API,
  PASSWORDLESS_API,
  type StepUpInitResponse,
  type TokenResponse,
  type WireUser,
} from '@latch/protocol';
import { expect, it } from 'vitest';
import { enrollTotp, mfaUser, totpCode, wrongTotpCode } from '../../modules/mfa/testing/mfaTesting.js';
import { passkeyTestClient } from '../../modules/passkeys/testing/passkeyTestClient.js';
import { PASSKEY_ORIGIN, PASSKEY_RP_ID, SoftAuthenticator } from '../../modules/passkeys/testing/softAuthenticator.js';
import { passwordlessTestClient, uniqueEmail } from '../../modules/passwordless/testing/passwordlessTestClient.js';
import { newTestWallet, siweTestClient, TEST_ORIGIN } from '../../modules/siwe/testing/siweTestClient.js';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { latestOutboxCode, stepUpForTest, stepUpTestClient } from './testing/stepUpForTest.js';

// Each factor type steps a session up (then a link goes through), and refuses a proof by another
// account's factor or by a factor added in this session (422 step_up_factor_not_allowed).

async function app(server: TestServer) {
  const { appId, clientId } = await server.createApp({
    name: 'Acme',
    config: { email_auth: true, sms_auth: true, wallet_auth: true, passkey_auth: true, mfa_methods: ['totp', 'sms'] },
    allowedOrigins: [TEST_ORIGIN],
  });
  /** Links a fresh email with its link code; the response. */
  const linkEmail = async (token: string) => {
    const codes = passwordlessTestClient(server, appId, clientId);
    const email = uniqueEmail('added');
    await codes.post(PASSWORDLESS_API.emailInit, { email, purpose: 'link' }, { token });
    return codes.post(PASSWORDLESS_API.emailLink, { email, code: await codes.latestCode(email) }, { token });
  };
  /** Links a phone with its link code; the response. */
  const linkPhone = async (token: string, phone: string) => {
    const codes = passwordlessTestClient(server, appId, clientId);
    await codes.post(PASSWORDLESS_API.smsInit, { phoneNumber: phone, purpose: 'link' }, { token });
    return codes.post(PASSWORDLESS_API.smsLink, { phoneNumber: phone, code: await codes.latestCode(phone) }, { token });
  };
  return { appId, clientId, linkEmail, linkPhone };
}

forEachBackend(
  'step-up factors',
  (server) => {
    it('steps up with a signature of the wallet the user signed up with, once per message', async () => {
      const { appId, clientId, linkEmail } = await app(server());
      const wallet = newTestWallet();
      const login = (await (
        await siweTestClient(server(), appId, clientId).post(
          '/api/v1/siwe/authenticate',
          await siweTestClient(server(), appId, clientId).signedBody(wallet),
        )
      ).json()) as TokenResponse;
      const caller = { appId, clientId, token: login.token! };
      const client = stepUpTestClient(server(), caller, TEST_ORIGIN);
      const [factor] = await client.factors();
      expect(factor).toMatchObject({ type: 'wallet', id: wallet.address });
      const ref = { type: 'wallet', id: wallet.address } as const;
      const init = (await (await client.init('link', ref)).json()) as StepUpInitResponse & { type: 'wallet' };
      expect(init.message).toContain(wallet.address);
      // Another key's signature of the message proves nothing.
      const forged = await newTestWallet().signMessage({ message: init.message });
      expect((await client.verify('link', ref, { message: init.message, signature: forged })).status).toBe(422);
      const signature = await wallet.signMessage({ message: init.message });
      expect((await client.verify('link', ref, { message: init.message, signature })).status).toBe(200);
      // The message is spent: its replay makes no second record.
      expect((await client.verify('link', ref, { message: init.message, signature })).status).toBe(422);
      expect((await linkEmail(caller.token)).status).toBe(200);
      expect((await linkEmail(caller.token)).status).toBe(401);
    });

    it('steps up with a passkey the user had, not with another user’s nor one added in this session', async () => {
      const { appId, clientId, linkEmail } = await app(server());
      const passkeys = passkeyTestClient(server(), appId, clientId);
      const mine = new SoftAuthenticator();
      const session = await passkeys.signUp(mine);
      const caller = { appId, clientId, token: session.token! };
      const client = stepUpTestClient(server(), caller, PASSKEY_ORIGIN);
      expect((await client.factors()).map((f) => f.type)).toEqual(['passkey']);
      // Another user's passkey answering this session's challenge.
      const theirs = new SoftAuthenticator();
      await passkeys.signUp(theirs);
      const options = ((await (await client.init('link', { type: 'passkey', id: '' })).json()) as { options: never })
        .options;
      const foreign = await client.verify(
        'link',
        { type: 'passkey', id: '' },
        {
          credential: theirs.get(options, PASSKEY_ORIGIN, { credential: theirs.credentials[0] }),
        },
      );
      expect(foreign.status).toBe(422);
      expect(await foreign.json()).toMatchObject({ error: 'step_up_factor_not_allowed' });
      // The user's own passkey.
      await stepUpForTest(server(), caller, 'link', { passkey: mine, origin: PASSKEY_ORIGIN });
      expect((await linkEmail(caller.token)).status).toBe(200);
      // A passkey linked later in this session is no step-up factor.
      server().clock.advance(1_000);
      const added = new SoftAuthenticator();
      await passkeys.link(caller.token, added, mine);
      const again = (await (await client.init('link', { type: 'passkey', id: '' })).json()) as { options: never };
      const byAdded = await client.verify(
        'link',
        { type: 'passkey', id: '' },
        {
          credential: added.get(again.options, PASSKEY_ORIGIN, { credential: added.credentials[0] }),
        },
      );
      expect(byAdded.status).toBe(422);
      expect(await byAdded.json()).toMatchObject({ error: 'step_up_factor_not_allowed' });
    });

    it('steps up with the authenticator app enrolled before this session, and not in the session that enrolled it', async () => {
      const { appId, clientId, linkPhone } = await app(server());
      const email = uniqueEmail('totp');
      const { frame } = await mfaUser(server(), { appId, clientId }, { type: 'email', address: email });
      server().clock.advance(1_000);
      const secret = await enrollTotp(server(), frame);
      const enrolling = stepUpTestClient(server(), frame.user);
      expect((await enrolling.factors()).map((f) => f.type)).toEqual(['email']);
      const inSession = await enrolling.verify('link', { type: 'totp', id: '' }, { code: totpCode(server(), secret) });
      expect(inSession.status).toBe(422);
      // A later login: the authenticator app now predates the session.
      server().clock.advance(1_000);
      const later = await server().signIn(appId, { type: 'email', address: email });
      const caller = { appId, clientId, token: later.token! };
      const client = stepUpTestClient(server(), caller);
      expect((await client.factors()).map((f) => f.type)).toEqual(['email', 'totp']);
      expect(await (await client.init('link', { type: 'totp', id: '' })).json()).toEqual({ type: 'totp' });
      const wrong = await client.verify('link', { type: 'totp', id: '' }, { code: wrongTotpCode(server(), secret) });
      expect(wrong.status).toBe(401);
      const right = await client.verify('link', { type: 'totp', id: '' }, { code: totpCode(server(), secret) });
      expect(right.status).toBe(200);
      expect((await linkPhone(caller.token, '+14155550142')).status).toBe(200);
      const me = await server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, caller.token) });
      expect(((await me.json()) as { user: WireUser }).user.linked_accounts).toHaveLength(2);
    });

    it('steps up with a code to the SMS MFA phone the user had', async () => {
      const { appId, clientId } = await app(server());
      const email = uniqueEmail('sms-mfa');
      const session = await server().signIn(appId, { type: 'email', address: email });
      const mfaPhone = '+14155550143';
      // Enrolled before the session below began (its login is a second later).
      await server().ctx.mfaFactors.enrollSms({ appId, userId: session.user.id.replace('did:latch:', '') }, mfaPhone);
      server().clock.advance(1_000);
      const later = await server().signIn(appId, { type: 'email', address: email });
      const caller = { appId, clientId, token: later.token! };
      const client = stepUpTestClient(server(), caller);
      const factor = { type: 'sms_mfa', id: '' } as const;
      expect(await (await client.init('update_login', factor)).json()).toEqual({
        type: 'sms_mfa',
        destination: '•••••••0143',
      });
      const code = await latestOutboxCode(server(), mfaPhone);
      expect(
        (await client.verify('update_login', factor, { code: code === '000000' ? '000001' : '000000' })).status,
      ).toBe(401);
      expect((await client.verify('update_login', factor, { code })).status).toBe(200);
      // The record moves the login email (a user with SMS MFA cannot link a phone login).
      const codes = passwordlessTestClient(server(), appId, clientId);
      const newAddress = uniqueEmail('moved');
      await codes.post(PASSWORDLESS_API.emailInit, { email: newAddress, purpose: 'update' }, { token: caller.token });
      const update = { oldAddress: email, newAddress, code: await codes.latestCode(newAddress) };
      expect((await codes.post(PASSWORDLESS_API.emailUpdate, update, { token: caller.token })).status).toBe(200);
    });
  },
  { settings: { rpId: PASSKEY_RP_ID } },
);
