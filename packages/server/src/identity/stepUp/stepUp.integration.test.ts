import { IDENTITY_API, PASSWORDLESS_API, type TokenResponse, type WireUser } from '@latch/protocol';
import { expect, it } from 'vitest';
import {
  passwordlessTestClient,
  uniqueEmail,
  wrongCode,
} from '../../modules/passwordless/testing/passwordlessTestClient.js';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { latestOutboxCode, stepUpForTest, stepUpTestClient } from './testing/stepUpForTest.js';

// Issue #24, reproduction 1: a fresh access token alone (a login minutes old, refreshed or not) must not
// add a login method or move the login address. Each gated change needs a step-up with a factor the
// user had before this session; the record is single use, bound to the session and to the action.

const THIEF_PHONE = '+14155550123';

async function setup(server: TestServer) {
  const { appId, clientId } = await server.createApp({ name: 'Acme', config: { email_auth: true, sms_auth: true } });
  const client = passwordlessTestClient(server, appId, clientId);
  const email = uniqueEmail('victim');
  const session = await server.signIn(appId, { type: 'email', address: email });
  const caller = { appId, clientId, token: session.token! };
  const me = async (token = caller.token) =>
    (
      (await (
        await server.call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, token) })
      ).json()) as {
        user: WireUser;
      }
    ).user;
  /** passwordless_sms/init (purpose link) + passwordless_sms/link with `phone`, with the bearer `token`. */
  const linkPhone = async (phone: string, token = caller.token) => {
    expect(
      (await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: phone, purpose: 'link' }, { token })).status,
    ).toBe(200);
    const code = await client.latestCode(phone);
    return client.post(PASSWORDLESS_API.smsLink, { phoneNumber: phone, code }, { token });
  };
  return { appId, clientId, client, email, session, caller, me, linkPhone };
}

const phonesOf = (user: WireUser) => user.linked_accounts.flatMap((a) => (a.type === 'phone' ? [a.phone_number] : []));

forEachBackend('step-up by an existing factor', (server) => {
  it('refuses to link the thief’s phone with a fresh token alone, and links nothing (reproduction 1)', async () => {
    const { caller, me, linkPhone } = await setup(server());
    // The login is seconds old: the recency that sufficed before issue #24.
    const res = await linkPhone(THIEF_PHONE);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'step_up_required' });
    expect(phonesOf(await me())).toEqual([]);
    // SMS login with the thief's phone makes a new user, not the victim.
    const thief = await server().signIn(caller.appId, { type: 'phone', phone_number: THIEF_PHONE });
    expect(thief.user.id).not.toBe((await me()).id);
  });

  it('refuses to move the login email with a fresh token and a code to the new address alone', async () => {
    const { client, email, caller, me } = await setup(server());
    const thiefEmail = uniqueEmail('thief');
    await client.post(PASSWORDLESS_API.emailInit, { email: thiefEmail, purpose: 'update' }, { token: caller.token });
    const code = await client.latestCode(thiefEmail);
    const update = { oldAddress: email, newAddress: thiefEmail, code };
    const res = await client.post(PASSWORDLESS_API.emailUpdate, update, { token: caller.token });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'step_up_required' });
    const emails = (await me()).linked_accounts.filter((a) => a.type === 'email');
    expect(emails).toMatchObject([{ address: email }]);
    // The new address's code was not spent: after a step-up the same request goes through.
    await stepUpForTest(server(), caller, 'update_login');
    expect((await client.post(PASSWORDLESS_API.emailUpdate, update, { token: caller.token })).status).toBe(200);
  });

  it('refuses the link with a refreshed token too', async () => {
    const { session, caller, linkPhone, me, client } = await setup(server());
    const refreshed = await client.post(
      IDENTITY_API.sessions,
      { refresh_token: session.refresh_token },
      { token: caller.token },
    );
    expect(refreshed.status).toBe(200);
    const token = ((await refreshed.json()) as TokenResponse).token!;
    const res = await linkPhone(THIEF_PHONE, token);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'step_up_required' });
    expect(phonesOf(await me(token))).toEqual([]);
  });

  it('links after a step-up with the email the user had, once: the record is single use', async () => {
    const { caller, linkPhone, me } = await setup(server());
    const factors = await stepUpTestClient(server(), caller).factors();
    expect(factors).toEqual([
      { type: 'email', id: expect.any(String), label: expect.stringMatching(/^v•••@example\.com$/) },
    ]);
    await stepUpForTest(server(), caller, 'link');
    expect((await linkPhone(THIEF_PHONE)).status).toBe(200);
    expect(phonesOf(await me())).toEqual([THIEF_PHONE]);
    const again = await linkPhone('+14155550124');
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: 'step_up_required' });
  });

  it('binds the record to its session and to its action', async () => {
    const { appId, clientId, email, caller, linkPhone } = await setup(server());
    const other = await server().signIn(appId, { type: 'email', address: email });
    await stepUpForTest(server(), { appId, clientId, token: other.token! }, 'link');
    // Another session of the same user cannot use it.
    expect((await linkPhone(THIEF_PHONE)).status).toBe(401);
    // Nor another action: an `unlink` record does not link.
    await stepUpForTest(server(), caller, 'unlink');
    expect((await linkPhone(THIEF_PHONE)).status).toBe(401);
    // The other session's record is still there, for that session.
    expect((await linkPhone(THIEF_PHONE, other.token!)).status).toBe(200);
  });

  it('refuses a factor added in this session, and a factor that is not the user’s', async () => {
    const { caller, linkPhone } = await setup(server());
    server().clock.advance(1_000);
    await stepUpForTest(server(), caller, 'link');
    expect((await linkPhone(THIEF_PHONE)).status).toBe(200);
    const client = stepUpTestClient(server(), caller);
    expect((await client.factors()).map((f) => f.type)).toEqual(['email']);
    for (const id of [THIEF_PHONE, '+14155550199']) {
      const res = await client.init('link', { type: 'sms', id });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error: 'step_up_factor_not_allowed' });
    }
    const verify = await client.verify('link', { type: 'sms', id: THIEF_PHONE }, { code: '123456' });
    expect(verify.status).toBe(422);
    expect(await verify.json()).toMatchObject({ error: 'step_up_factor_not_allowed' });
  });

  it('takes only a step-up code: a login or link code to the same address does not verify', async () => {
    const { client, email, caller } = await setup(server());
    const stepUp = stepUpTestClient(server(), caller);
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const loginCode = await client.latestCode(email);
    const factor = { type: 'email', id: email } as const;
    expect((await stepUp.verify('link', factor, { code: loginCode })).status).toBe(422);
    expect((await stepUp.init('link', factor)).status).toBe(200);
    const code = await latestOutboxCode(server(), email);
    expect((await stepUp.verify('link', factor, { code })).status).toBe(200);
  });

  it('counts wrong codes with the MFA attempts and locks after too many', async () => {
    const { email, caller } = await setup(server());
    const stepUp = stepUpTestClient(server(), caller);
    const factor = { type: 'email', id: email } as const;
    expect((await stepUp.init('link', factor)).status).toBe(200);
    const code = await latestOutboxCode(server(), email);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await stepUp.verify('link', factor, { code: wrongCode(code) })).status);
    expect(answers.slice(0, 3)).toEqual([422, 422, 422]);
    expect(answers[3]).toBe(429);
    // Locked: even the right code is refused now, and no record was made.
    const locked = await stepUp.verify('link', factor, { code });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ error: 'mfa_verification_max_attempts_reached' });
  });
});
