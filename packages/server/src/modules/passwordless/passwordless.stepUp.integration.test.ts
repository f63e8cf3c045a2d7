import { IDENTITY_API, PASSWORDLESS_API, type TokenResponse, type WireUser } from '@latch/protocol';
import { expect, it } from 'vitest';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { passwordlessTestClient, uniqueEmail, wrongCode } from './testing/passwordlessTestClient.js';

// Issue #16: a code is bound to its purpose, and a stolen bearer token alone can neither move the
// login address (update) nor remove one (unlink): that needs a code to the address or a step-up with a
// factor from before the session (issue #24: a recent login no longer counts).

async function setup(server: TestServer) {
  const { appId, clientId } = await server.createApp({ name: 'Acme', config: { sms_auth: true } });
  const client = passwordlessTestClient(server, appId, clientId);
  const email = uniqueEmail('victim');
  const session = await server.signIn(appId, { type: 'email', address: email });
  const me = (token: string) => server.call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, token) });
  /** Sends a code for `purpose` to `address` with the bearer `token`; returns it from the outbox. */
  const codeFor = async (address: string, purpose: string, token: string) => {
    const init = await client.post(PASSWORDLESS_API.emailInit, { email: address, purpose }, { token });
    expect(init.status).toBe(200);
    return client.latestCode(address);
  };
  return { appId, clientId, client, email, session, me, codeFor };
}

const emailsOf = (user: WireUser) => user.linked_accounts.flatMap((a) => (a.type === 'email' ? [a.address] : []));

/** Lets the logins made so far grow older (a login's age no longer matters: the answers stay the same). */
const ageLogins = (server: TestServer) => server.clock.advance(6 * 60_000);

forEachBackend('passwordless purposes and step-up', (server) => {
  it('binds codes to their purpose: a login code is refused by link and update, a link code by login and update', async () => {
    const { appId, clientId, client, email, session, codeFor } = await setup(server());
    const token = session.token!;
    // A user with a phone only, who may link an email (after a step-up), and may update (after one too).
    const phoneUser = await server().signIn(appId, { type: 'phone', phone_number: '+14155550166' });
    await stepUpForTest(server(), { appId, clientId, token: phoneUser.token! }, 'link');
    await stepUpForTest(server(), { appId, clientId, token }, 'update_login');
    const other = uniqueEmail('other');
    await client.post(PASSWORDLESS_API.emailInit, { email: other });
    const loginCode = await client.latestCode(other);
    const link = (code: string) =>
      client.post(PASSWORDLESS_API.emailLink, { email: other, code }, { token: phoneUser.token! });
    expect((await link(loginCode)).status).toBe(422);
    const update = { oldAddress: email, newAddress: other, code: loginCode };
    expect((await client.post(PASSWORDLESS_API.emailUpdate, update, { token })).status).toBe(422);

    const linkCode = await codeFor(other, 'link', phoneUser.token!);
    expect((await client.post(PASSWORDLESS_API.emailAuthenticate, { email: other, code: linkCode })).status).toBe(422);
    expect((await client.post(PASSWORDLESS_API.emailUpdate, { ...update, code: linkCode }, { token })).status).toBe(
      422,
    );
    // Each code does its own job.
    expect((await link(linkCode)).status).toBe(200);
    const login = await client.post(PASSWORDLESS_API.emailAuthenticate, { email: other, code: loginCode });
    expect(((await login.json()) as TokenResponse).user.id).toBe(phoneUser.user.id);
  });

  it('sends codes for account changes only with the bearer token, and proofs only to linked addresses', async () => {
    const { client, session } = await setup(server());
    const stranger = uniqueEmail('stranger');
    for (const purpose of ['link', 'update', 'update-old', 'unlink']) {
      const anonymous = await client.post(PASSWORDLESS_API.emailInit, { email: stranger, purpose });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: 'missing_or_invalid_token' });
    }
    for (const purpose of ['update-old', 'unlink']) {
      const notMine = await client.post(
        PASSWORDLESS_API.emailInit,
        { email: stranger, purpose },
        { token: session.token! },
      );
      expect(notMine.status).toBe(404);
      expect(await notMine.json()).toMatchObject({ error: 'account_not_linked' });
    }
    expect(await client.outbox()).not.toContainEqual(expect.objectContaining({ recipient: stranger }));
    const unknown = await client.post(PASSWORDLESS_API.emailInit, { email: stranger, purpose: 'admin' });
    expect(unknown.status).toBe(400);
    // SMS has no update endpoint, so no update codes by SMS either.
    const smsUpdate = await client.post(
      PASSWORDLESS_API.smsInit,
      { phoneNumber: '+14155550188', purpose: 'update' },
      { token: session.token! },
    );
    expect(smsUpdate.status).toBe(400);
    expect(await smsUpdate.json()).toMatchObject({ error: 'invalid_data' });
  });

  it('refuses to move the login email with a stolen token and a code to the new address alone', async () => {
    const { appId, client, email, session, me, codeFor } = await setup(server());
    ageLogins(server());
    const attacker = uniqueEmail('attacker');
    const stolen = session.token!;
    const code = await codeFor(attacker, 'update', stolen);
    const takeover = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress: email, newAddress: attacker, code },
      { token: stolen },
    );
    expect(takeover.status).toBe(401);
    expect(await takeover.json()).toMatchObject({ error: 'step_up_required' });
    // A guessed code for the old address does not help either.
    const guessed = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress: email, newAddress: attacker, code, oldCode: wrongCode(code) },
      { token: stolen },
    );
    expect(guessed.status).toBe(422);
    const user = (await (await me(stolen)).json()).user as WireUser;
    expect(emailsOf(user)).toEqual([email]);
    // And the attacker's address does not log in to the victim's account.
    const login = (await (await client.emailLogin(attacker)).json()) as TokenResponse;
    expect(login.user.id).not.toBe(session.user.id);
    void appId;
  });

  it('refuses to link a new login address with a stolen token (no fresh login for the thief)', async () => {
    const { appId, clientId, client, me, codeFor } = await setup(server());
    // The owner links after a step-up with the phone they had.
    const owner = await server().signIn(appId, { type: 'phone', phone_number: '+14155550171' });
    await stepUpForTest(server(), { appId, clientId, token: owner.token! }, 'link');
    const mine = uniqueEmail('mine');
    const linkMine = { email: mine, code: await codeFor(mine, 'link', owner.token!) };
    expect((await client.post(PASSWORDLESS_API.emailLink, linkMine, { token: owner.token! })).status).toBe(200);
    // A thief with a later-stolen token cannot add a login method of their own.
    const victim = await server().signIn(appId, { type: 'phone', phone_number: '+14155550172' });
    const stolen = victim.token!;
    ageLogins(server());
    const attacker = uniqueEmail('linker');
    const link = await client.post(
      PASSWORDLESS_API.emailLink,
      { email: attacker, code: await codeFor(attacker, 'link', stolen) },
      { token: stolen },
    );
    expect(link.status).toBe(401);
    expect(await link.json()).toMatchObject({ error: 'step_up_required' });
    const user = (await (await me(stolen)).json()).user as WireUser;
    expect(emailsOf(user)).toEqual([]);
    // The attacker's address logs in to a new, empty account, not to the victim's (and its wallet).
    const login = (await (await client.emailLogin(attacker)).json()) as TokenResponse;
    expect(login.user.id).not.toBe(victim.user.id);
  });

  it('moves the email with a code to the old address too, tells the old address and ends the other sessions', async () => {
    const { appId, client, email, session, me, codeFor } = await setup(server());
    const otherDevice = await server().signIn(appId, { type: 'email', address: email });
    ageLogins(server());
    const token = session.token!;
    const newAddress = uniqueEmail('new');
    const oldCode = await codeFor(email, 'update-old', token);
    const code = await codeFor(newAddress, 'update', token);
    const res = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress: email, newAddress, code, oldCode },
      { token },
    );
    expect(res.status).toBe(200);
    expect(emailsOf((await res.json()) as WireUser)).toEqual([newAddress]);

    const notice = (await client.outbox()).find((m) => m.recipient === email);
    expect(notice?.subject).toBe('Your Acme login email was changed');
    expect(notice?.text).toContain(newAddress);
    expect(notice?.code).toBe('');
    // The caller stays signed in; every other session of the user is over.
    expect((await me(token)).status).toBe(200);
    expect((await me(otherDevice.token!)).status).toBe(401);
  });

  it('lets a user update without the old code after an update_login step-up (the widget flow), with the same notice and revocation', async () => {
    const { appId, clientId, client, email, me, codeFor } = await setup(server());
    ageLogins(server());
    const older = await server().signIn(appId, { type: 'email', address: email });
    const fresh = await server().signIn(appId, { type: 'email', address: email });
    const newAddress = uniqueEmail('new');
    const code = await codeFor(newAddress, 'update', fresh.token!);
    // A login seconds old is not enough; the step-up is.
    const bare = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress: email, newAddress, code },
      { token: fresh.token! },
    );
    expect(bare.status).toBe(401);
    await stepUpForTest(server(), { appId, clientId, token: fresh.token! }, 'update_login');
    const res = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress: email, newAddress, code },
      { token: fresh.token! },
    );
    expect(res.status).toBe(200);
    expect((await client.outbox()).find((m) => m.recipient === email)?.subject).toBe(
      'Your Acme login email was changed',
    );
    expect((await me(older.token!)).status).toBe(401);
  });

  it('does not count a fork of a session as a step-up', async () => {
    const { client, email, session, codeFor } = await setup(server());
    ageLogins(server());
    const fork = await server().call('POST', IDENTITY_API.fork, { body: { refresh_token: session.refresh_token } });
    expect(fork.status).toBe(200);
    const forked = (await fork.json()) as TokenResponse;
    const refreshed = await server().call('POST', IDENTITY_API.sessions, {
      body: { refresh_token: forked.new_session_refresh_token },
    });
    expect(refreshed.status).toBe(200);
    const forkToken = ((await refreshed.json()) as TokenResponse).token!;
    const newAddress = uniqueEmail('new');
    const code = await codeFor(newAddress, 'update', forkToken);
    const res = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress: email, newAddress, code },
      { token: forkToken },
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'step_up_required' });
  });

  it('unlinks an email or a phone only with a code to it (or a step-up)', async () => {
    const { appId, clientId, client, email, session, codeFor } = await setup(server());
    const token = session.token!;
    const phoneNumber = '+14155550177';
    await stepUpForTest(server(), { appId, clientId, token }, 'link');
    await client.post(PASSWORDLESS_API.smsInit, { phoneNumber, purpose: 'link' }, { token });
    const linkCode = await client.latestCode(phoneNumber);
    expect((await client.post(PASSWORDLESS_API.smsLink, { phoneNumber, code: linkCode }, { token })).status).toBe(200);
    ageLogins(server());

    const bareEmail = await client.post(PASSWORDLESS_API.emailUnlink, { address: email }, { token });
    expect(bareEmail.status).toBe(401);
    expect(await bareEmail.json()).toMatchObject({ error: 'step_up_required' });
    const barePhone = await client.post(PASSWORDLESS_API.smsUnlink, { phoneNumber }, { token });
    expect(barePhone.status).toBe(401);
    // A login code to the address is not an unlink code.
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const loginCode = await client.latestCode(email);
    expect(
      (await client.post(PASSWORDLESS_API.emailUnlink, { address: email, code: loginCode }, { token })).status,
    ).toBe(422);

    const code = await codeFor(email, 'unlink', token);
    const res = await client.post(PASSWORDLESS_API.emailUnlink, { address: email, code }, { token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as WireUser).linked_accounts.map((a) => a.type)).toEqual(['phone']);
  });
});
