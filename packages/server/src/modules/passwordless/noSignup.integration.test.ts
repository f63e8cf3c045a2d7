import { PASSWORDLESS_API, type TokenResponse } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { passwordlessTestClient, uniqueEmail } from './testing/passwordlessTestClient.js';

const SIGNUP_DISABLED = {
  error: 'signup_disabled',
  message: 'No account exists, and sign-up is disabled.',
};

async function setup(server: TestServer, config: Record<string, unknown> = {}) {
  const { appId, clientId } = await server.createApp({ name: 'Acme', config: { sms_auth: true, ...config } });
  return { appId, client: passwordlessTestClient(server, appId, clientId) };
}

forEachBackend('code login with sign-up disabled (mode: no-signup)', (server) => {
  it('refuses a new email with signup_disabled and creates no user; a later normal login is a sign-up', async () => {
    const { client } = await setup(server());
    const email = uniqueEmail('newcomer');
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const refused = await client.post(PASSWORDLESS_API.emailAuthenticate, {
      email,
      code: await client.latestCode(email),
      mode: 'no-signup',
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(SIGNUP_DISABLED);
    // No user was made: the same address, without the mode, signs up.
    const later = (await (await client.emailLogin(email)).json()) as TokenResponse;
    expect(later.is_new_user).toBe(true);
  });

  it('logs in an existing email user with no-signup', async () => {
    const { appId, client } = await setup(server());
    const email = uniqueEmail('known');
    await server().signIn(appId, { type: 'email', address: email });
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const res = await client.post(PASSWORDLESS_API.emailAuthenticate, {
      email,
      code: await client.latestCode(email),
      mode: 'no-signup',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TokenResponse).is_new_user).toBe(false);
  });

  it('checks the code first: a wrong code on an unknown address answers invalid_credentials, not signup_disabled', async () => {
    const { client } = await setup(server());
    const email = uniqueEmail('prober');
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const code = await client.latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: wrong, mode: 'no-signup' });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe('invalid_credentials');
  });

  it('refuses a new phone number with signup_disabled', async () => {
    const { client } = await setup(server());
    const phoneNumber = `+1415555${String(100 + Math.floor(Math.random() * 9000)).padStart(4, '0')}`;
    await client.post(PASSWORDLESS_API.smsInit, { phoneNumber });
    const res = await client.post(PASSWORDLESS_API.smsAuthenticate, {
      phoneNumber,
      code: await client.latestCode(phoneNumber),
      mode: 'no-signup',
    });
    expect(await res.json()).toEqual(SIGNUP_DISABLED);
    expect(res.status).toBe(403);
  });

  it('refuses an unknown mode with invalid_data', async () => {
    const { client } = await setup(server());
    const email = uniqueEmail();
    const res = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: '123456', mode: 'sign-up-only' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_data');
  });
});
