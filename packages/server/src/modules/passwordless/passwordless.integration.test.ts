import {
  CODE_POLICY,
  IDENTITY_API,
  PASSWORDLESS_API,
  type StepUpAction,
  type TokenResponse,
  type WireUser,
} from '@latch/protocol';
import { expect, it } from 'vitest';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { DEFAULT_SEND_LIMITS } from '../../kernel/throttle/SendThrottle.js';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { CODE_GUESS_POLICY } from './OneTimeCodes.js';
import { passwordlessTestClient, randomIp, uniqueEmail, wrongCode } from './testing/passwordlessTestClient.js';

const INVALID_CODE = { error: 'invalid_credentials', message: 'Invalid or expired verification code' };

async function setup(server: TestServer, config: Record<string, unknown> = {}) {
  const { appId, clientId } = await server.createApp({ name: 'Acme', config: { sms_auth: true, ...config } });
  const client = passwordlessTestClient(server, appId, clientId);
  /** A step-up for `action` by the token's session, with the email or phone it signed in with. */
  const stepUp = (token: string, action: StepUpAction) => stepUpForTest(server, { appId, clientId, token }, action);
  return { appId, clientId, client, stepUp };
}

forEachBackend('passwordless email', (server) => {
  it('logs in with the emailed code, signs up once, and the token works', async () => {
    const { appId, clientId, client } = await setup(server());
    const email = uniqueEmail('Ada').replace('ada', 'Ada');
    const init = await client.post(PASSWORDLESS_API.emailInit, { email });
    expect(init.status).toBe(200);
    expect(await init.json()).toEqual({ success: true });

    const [message] = await client.outbox();
    expect(message).toMatchObject({ channel: 'email', recipient: email.toLowerCase() });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.subject).toBe(`${message!.code} is your login code for Acme`);
    expect(message!.text).toContain("If you didn't request this, you can ignore this email.");

    const auth = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: ` ${message!.code} ` });
    expect(auth.status).toBe(200);
    const session = (await auth.json()) as TokenResponse;
    expect(session).toMatchObject({ is_new_user: true, session_update_action: 'set' });
    expect(session.token).toEqual(expect.any(String));
    expect(session.refresh_token).toEqual(expect.any(String));
    expect(session.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: email.toLowerCase() }),
    ]);
    const me = await server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, session.token!) });
    expect((await me.json()).user.id).toBe(session.user.id);

    const again = (await (await client.emailLogin(email)).json()) as TokenResponse;
    expect(again.is_new_user).toBe(false);
    expect(again.user.id).toBe(session.user.id);
  });

  it('answers init identically for known and unknown addresses', async () => {
    const { appId, client } = await setup(server());
    const known = uniqueEmail('known');
    await server().signIn(appId, { type: 'email', address: known });
    const answers = [];
    for (const email of [known, uniqueEmail('unknown')]) {
      const res = await client.post(PASSWORDLESS_API.emailInit, { email });
      answers.push({ status: res.status, type: res.headers.get('content-type'), body: await res.text() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 200, body: '{"success":true}' });
  });

  it('refuses a wrong code with 422 and a malformed one with 400', async () => {
    const { client } = await setup(server());
    const email = uniqueEmail();
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const code = await client.latestCode(email);
    const wrong = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: wrongCode(code) });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual(INVALID_CODE);
    const malformed = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: '12ab56' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'invalid_data' });
    // The right code sent as a number is refused without being quoted back in the message.
    const asNumber = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: Number(`1${code}`) });
    expect(asNumber.status).toBe(400);
    expect((await asNumber.json()).message).not.toContain(code);
    expect((await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code })).status).toBe(200);
  });

  it('slows wrong guesses down (429 + Retry-After) instead of killing the code: the owner still logs in', async () => {
    const { client } = await setup(server());
    const email = uniqueEmail();
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const code = await client.latestCode(email);
    // An attacker guesses from anywhere: the free tries, then each try must wait.
    for (let i = 0; i < CODE_GUESS_POLICY.backoff.free; i++) {
      const guess = await client.post(
        PASSWORDLESS_API.emailAuthenticate,
        { email, code: wrongCode(code) },
        { ip: randomIp() },
      );
      expect(guess.status).toBe(422);
    }
    // A try from a client that did not ask for the code waits, even with the right code…
    const early = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code }, { ip: randomIp() });
    expect(early.status).toBe(429);
    expect(await early.json()).toMatchObject({ error: 'too_many_requests' });
    const retryAfter = Number(early.headers.get('retry-after'));
    expect(retryAfter).toBe(CODE_GUESS_POLICY.backoff.baseMs / 1000);
    // …and after the wait the code still works (today's main killed it after 5 wrong tries).
    server().clock.advance(retryAfter * 1000);
    expect((await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code }, { ip: randomIp() })).status).toBe(
      200,
    );
  });

  it("RL-03: an attacker burning wrong codes at the owner's address cannot keep the owner out", async () => {
    const { client: owner } = await setup(server());
    const email = uniqueEmail();
    const attackerIps = [randomIp(), randomIp(), randomIp()];
    const attack = async () => {
      for (const ip of attackerIps) {
        await owner.post(PASSWORDLESS_API.emailInit, { email }, { ip });
        for (let i = 0; i < CODE_GUESS_POLICY.backoff.free; i++) {
          await owner.post(PASSWORDLESS_API.emailAuthenticate, { email, code: '000000' }, { ip });
        }
      }
    };
    await attack();
    // The address is in backoff from the attacker's failures; the owner asks for a code and types it.
    await owner.post(PASSWORDLESS_API.emailInit, { email });
    const code = await owner.latestCode(email);
    await attack();
    const login = await owner.post(PASSWORDLESS_API.emailAuthenticate, { email, code });
    expect(login.status).toBe(200);
    expect(((await login.json()) as TokenResponse).user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: email }),
    ]);
  });

  it('OTP-05: a client that fails 10 times in a row is locked out of the address; the owner is not', async () => {
    const { client: owner } = await setup(server());
    const email = uniqueEmail();
    const attacker = randomIp();
    // The attacker asks for codes itself (each dies after 5 wrong tries from it) and guesses on.
    for (let round = 0; round < CODE_POLICY.lockAfterFailures / CODE_POLICY.maxWrongAttempts; round++) {
      await owner.post(PASSWORDLESS_API.emailInit, { email }, { ip: attacker });
      for (let i = 0; i < CODE_POLICY.maxWrongAttempts; i++) {
        const guess = await owner.post(PASSWORDLESS_API.emailAuthenticate, { email, code: '000000' }, { ip: attacker });
        expect([422, 429]).toContain(guess.status);
      }
    }
    await owner.post(PASSWORDLESS_API.emailInit, { email }, { ip: attacker });
    const locked = await owner.post(
      PASSWORDLESS_API.emailAuthenticate,
      { email, code: await owner.latestCode(email) },
      { ip: attacker },
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(CODE_POLICY.lockMs / 1000);
    await owner.post(PASSWORDLESS_API.emailInit, { email });
    expect(
      (await owner.post(PASSWORDLESS_API.emailAuthenticate, { email, code: await owner.latestCode(email) })).status,
    ).toBe(200);
  });

  it('accepts a code only once', async () => {
    const { client } = await setup(server());
    const email = uniqueEmail();
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const code = await client.latestCode(email);
    expect((await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code })).status).toBe(200);
    const replay = await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code });
    expect(replay.status).toBe(422);
    expect(await replay.json()).toEqual(INVALID_CODE);
  });

  it('refuses a code after 10 minutes; a new send keeps the code already sent valid', async () => {
    const { client } = await setup(server());
    const email = uniqueEmail();
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const expired = await client.latestCode(email);
    server().clock.advance(CODE_POLICY.ttlMs);
    expect((await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: expired })).status).toBe(422);

    await client.post(PASSWORDLESS_API.emailInit, { email });
    const first = await client.latestCode(email);
    // Someone else asks again (an attacker's resend must not void the owner's code).
    await client.post(PASSWORDLESS_API.emailInit, { email }, { ip: randomIp() });
    expect((await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: first })).status).toBe(200);
  });

  it("does not let one IP's sends void the owner's code or block the owner's resend", async () => {
    const { client } = await setup(server());
    const email = uniqueEmail('victim');
    await client.post(PASSWORDLESS_API.emailInit, { email });
    const ownersCode = await client.latestCode(email);
    const attacker = randomIp();
    for (let i = 0; i < DEFAULT_SEND_LIMITS.perTargetSource.points; i++) {
      expect((await client.post(PASSWORDLESS_API.emailInit, { email }, { ip: attacker })).status).toBe(200);
    }
    expect((await client.post(PASSWORDLESS_API.emailInit, { email }, { ip: attacker })).status).toBe(429);
    // The owner's own resend goes through (their IP has its own budget)…
    expect((await client.post(PASSWORDLESS_API.emailInit, { email })).status).toBe(200);
    // …and the owner's first code still works: one source's sends push out only its own codes.
    expect((await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: ownersCode })).status).toBe(200);
  });

  it("RL-03: others' sends filling the per-address cap do not keep a client that logged in before from a code", async () => {
    const { client: owner } = await setup(server());
    const email = uniqueEmail();
    expect((await owner.emailLogin(email)).status).toBe(200);
    // An attacker fills the per-address cap from many IPs, hour after hour.
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < DEFAULT_SEND_LIMITS.perTarget.points; i++) {
        await owner.post(PASSWORDLESS_API.emailInit, { email }, { ip: randomIp() });
      }
      expect((await owner.post(PASSWORDLESS_API.emailInit, { email }, { ip: randomIp() })).status).toBe(429);
      // The owner's client proved the address before: its send is not refused by the cap.
      expect((await owner.emailLogin(email)).status).toBe(200);
      server().clock.advance(DEFAULT_SEND_LIMITS.perTarget.durationSec * 1000);
    }
  });

  it('RL-03: a wrong code does not make a client known: its sends still count against the per-address cap', async () => {
    const { client } = await setup(server());
    const email = uniqueEmail();
    const attacker = randomIp();
    expect((await client.post(PASSWORDLESS_API.emailInit, { email }, { ip: attacker })).status).toBe(200);
    const code = await client.latestCode(email);
    // A wrong guess from the attacker's IP (the known-sender marker is written with a login, only when the code is taken).
    const guess = await client.post(
      PASSWORDLESS_API.emailAuthenticate,
      { email, code: wrongCode(code) },
      { ip: attacker },
    );
    expect(guess.status).toBe(422);
    for (let i = 1; i < DEFAULT_SEND_LIMITS.perTarget.points; i++) {
      expect((await client.post(PASSWORDLESS_API.emailInit, { email }, { ip: randomIp() })).status).toBe(200);
    }
    // The cap is full; the attacker's IP is within its own limits but not exempt from the cap.
    expect((await client.post(PASSWORDLESS_API.emailInit, { email }, { ip: attacker })).status).toBe(429);
  });

  it('throttles sends per address with 429 and Retry-After across many IPs (the cap against pumping)', async () => {
    const { client } = await setup(server());
    const email = uniqueEmail();
    for (let i = 0; i < DEFAULT_SEND_LIMITS.perTarget.points; i++) {
      expect((await client.post(PASSWORDLESS_API.emailInit, { email }, { ip: randomIp() })).status).toBe(200);
    }
    const lastCode = await client.latestCode(email);
    const refused = await client.post(PASSWORDLESS_API.emailInit, { email }, { ip: randomIp() });
    expect(refused.status).toBe(429);
    // A refused send leaves the code already sent working: spamming init cannot void a user's code.
    expect(await client.latestCode(email)).toBe(lastCode);
    expect((await client.post(PASSWORDLESS_API.emailAuthenticate, { email, code: lastCode })).status).toBe(200);
    expect(await refused.json()).toEqual({
      error: 'too_many_requests',
      message: 'Too many requests. Please wait before trying again.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_SEND_LIMITS.perTarget.durationSec);
    // Another address is still served.
    expect((await client.post(PASSWORDLESS_API.emailInit, { email: uniqueEmail() }, { ip: randomIp() })).status).toBe(
      200,
    );
  });

  it('throttles sends per client IP, whatever the address', async () => {
    const { client } = await setup(server());
    const ip = randomIp();
    for (let i = 0; i < DEFAULT_SEND_LIMITS.perIp.points; i++) {
      expect((await client.post(PASSWORDLESS_API.emailInit, { email: uniqueEmail() }, { ip })).status).toBe(200);
    }
    const refused = await client.post(PASSWORDLESS_API.emailInit, { email: uniqueEmail() }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.post(PASSWORDLESS_API.emailInit, { email: uniqueEmail() }, { ip: randomIp() })).status).toBe(
      200,
    );
  });

  it('refuses every email endpoint when the app has email login off', async () => {
    const { appId, client } = await setup(server(), { email_auth: false, sms_auth: true });
    const session = await server().signIn(appId, { type: 'phone', phone_number: '+14155550111' });
    const email = uniqueEmail();
    for (const [path, body, token] of [
      [PASSWORDLESS_API.emailInit, { email }, undefined],
      [PASSWORDLESS_API.emailAuthenticate, { email, code: '123456' }, undefined],
      [PASSWORDLESS_API.emailLink, { email, code: '123456' }, session.token!],
    ] as const) {
      const res = await client.post(path, body, { token });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'disallowed_login_method' });
    }
    expect(await client.outbox()).not.toContainEqual(expect.objectContaining({ recipient: email }));
  });

  it('needs the app header to send a code', async () => {
    const res = await server().app.request(PASSWORDLESS_API.emailInit, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_app_id' });
  });

  it('links an email to the signed-in user with its code, and refuses one another user owns', async () => {
    const { appId, client, stepUp } = await setup(server());
    const session = await server().signIn(appId, { type: 'phone', phone_number: '+14155550122' });
    await stepUp(session.token!, 'link');
    const email = uniqueEmail('link');
    await client.post(PASSWORDLESS_API.emailInit, { email, purpose: 'link' }, { token: session.token! });
    const linked = await client.post(
      PASSWORDLESS_API.emailLink,
      { email, code: await client.latestCode(email) },
      {
        token: session.token!,
      },
    );
    expect(linked.status).toBe(200);
    const user = (await linked.json()) as WireUser;
    expect(user.id).toBe(session.user.id);
    expect(user.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'phone']);

    const other = await server().signIn(appId, { type: 'phone', phone_number: '+14155550133' });
    await stepUp(other.token!, 'link');
    await client.post(PASSWORDLESS_API.emailInit, { email, purpose: 'link' }, { token: other.token! });
    const taken = await client.post(
      PASSWORDLESS_API.emailLink,
      { email, code: await client.latestCode(email) },
      {
        token: other.token!,
      },
    );
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: 'linked_to_another_user' });
  });

  it('link needs a valid token and the right code', async () => {
    const { appId, client, stepUp } = await setup(server());
    const email = uniqueEmail();
    const anonymousInit = await client.post(PASSWORDLESS_API.emailInit, { email, purpose: 'link' });
    expect(anonymousInit.status).toBe(401);
    const session = await server().signIn(appId, { type: 'phone', phone_number: '+14155550144' });
    await client.post(PASSWORDLESS_API.emailInit, { email, purpose: 'link' }, { token: session.token! });
    const code = await client.latestCode(email);
    const anonymous = await client.post(PASSWORDLESS_API.emailLink, { email, code });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'missing_or_invalid_token' });
    await stepUp(session.token!, 'link');
    expect(
      (await client.post(PASSWORDLESS_API.emailLink, { email, code: wrongCode(code) }, { token: session.token! }))
        .status,
    ).toBe(422);
    expect((await client.post(PASSWORDLESS_API.emailLink, { email, code }, { token: session.token! })).status).toBe(
      200,
    );
  });

  it('unlinks an email, but never the last login method', async () => {
    const { appId, client, stepUp } = await setup(server());
    const email = uniqueEmail('unlink');
    const session = await server().signIn(appId, { type: 'email', address: email });
    await stepUp(session.token!, 'unlink');
    const last = await client.post(PASSWORDLESS_API.emailUnlink, { address: email }, { token: session.token! });
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error: 'cannot_unlink_last_account' });

    // The refused unlink left its step-up; linking a phone takes one of its own.
    await stepUp(session.token!, 'link');
    await client.post(
      PASSWORDLESS_API.smsInit,
      { phoneNumber: '+14155550155', purpose: 'link' },
      { token: session.token! },
    );
    const code = await client.latestCode('+14155550155');
    expect(
      (await client.post(PASSWORDLESS_API.smsLink, { phoneNumber: '+14155550155', code }, { token: session.token! }))
        .status,
    ).toBe(200);
    const res = await client.post(
      PASSWORDLESS_API.emailUnlink,
      { address: email.toUpperCase() },
      { token: session.token! },
    );
    expect(res.status).toBe(200);
    const user = (await res.json()) as WireUser;
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['phone']);
    const again = await client.post(PASSWORDLESS_API.emailUnlink, { address: email }, { token: session.token! });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: 'account_not_linked' });
  });

  it('updates the email with a code sent to the new address, after a step-up', async () => {
    const { appId, client, stepUp } = await setup(server());
    const oldAddress = uniqueEmail('old');
    const newAddress = uniqueEmail('new');
    const session = await server().signIn(appId, { type: 'email', address: oldAddress });
    await client.post(PASSWORDLESS_API.emailInit, { email: newAddress, purpose: 'update' }, { token: session.token! });
    const code = await client.latestCode(newAddress);

    const wrongOld = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress: uniqueEmail('nope'), newAddress, code },
      { token: session.token! },
    );
    expect(wrongOld.status).toBe(404);
    expect(await wrongOld.json()).toMatchObject({ error: 'account_not_linked' });

    await stepUp(session.token!, 'update_login');
    const res = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress, newAddress, code },
      { token: session.token! },
    );
    expect(res.status).toBe(200);
    const user = (await res.json()) as WireUser;
    expect(user.id).toBe(session.user.id);
    expect(user.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: newAddress })]);
    // The new address now logs in as the same user.
    const login = (await (await client.emailLogin(newAddress)).json()) as TokenResponse;
    expect(login.user.id).toBe(session.user.id);
  });

  it('refuses an update whose code was sent to the old address', async () => {
    const { appId, client, stepUp } = await setup(server());
    const oldAddress = uniqueEmail('old');
    const session = await server().signIn(appId, { type: 'email', address: oldAddress });
    await stepUp(session.token!, 'update_login');
    await client.post(PASSWORDLESS_API.emailInit, { email: oldAddress });
    const code = await client.latestCode(oldAddress);
    const res = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress, newAddress: uniqueEmail('new'), code },
      { token: session.token! },
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(INVALID_CODE);
  });
});
