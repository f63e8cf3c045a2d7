import { DEV_API, HEADER, IDENTITY_API, type StepUpAction } from '@latch/protocol';
import { FakeClock } from '@latch/server';
import { type HttpTestServer, startHttpTestServer, stepUpOverHttp } from '@latch/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLatchClient } from './client.js';
import { type Clock, systemClock } from './clock.js';
import { storageKeys } from './session/tokenStore.js';
import { memoryStorage } from './storage.js';

// The client against the real server (PGlite, dev mode) over real HTTP on 127.0.0.1.
// One fake time source drives both sides, so "an hour later" needs no waiting.
const TOKEN_TTL_SECONDS = 600;

let server: HttpTestServer;
let apiUrl: string;
const serverClock = new FakeClock(Date.now());
const clientClock: Clock = {
  now: () => serverClock.now().getTime(),
  setTimeout: systemClock.setTimeout,
  clearTimeout: systemClock.clearTimeout,
};
let appId: string;
let clientId: string;

beforeAll(async () => {
  server = await startHttpTestServer({ publicUrl: 'http://127.0.0.1' }, { clock: serverClock });
  ({ apiUrl } = server);
  ({ appId, clientId } = await server.createApp({
    name: 'Core IT',
    config: { email_auth: true, sms_auth: true },
    access_token_ttl_seconds: TOKEN_TTL_SECONDS,
  }));
});

afterAll(async () => {
  await server?.close();
});

/** The newest code the dev outbox shows for `recipient`. */
async function codeSentTo(recipient: string): Promise<string> {
  const messages: Array<{ recipient: string; code: string }> = await (await fetch(`${apiUrl}${DEV_API.outbox}`)).json();
  const message = messages.find((m) => m.recipient === recipient);
  if (!message) throw new Error(`no code was sent to ${recipient}`);
  return message.code;
}

/** Steps the client's session up for `action` with a code to `email` (the widget's step-up screen does this). */
async function stepUp(client: { getAccessToken(): Promise<string | null> }, email: string, action: StepUpAction) {
  const token = (await client.getAccessToken()) ?? '';
  await stepUpOverHttp({ apiUrl, appId, clientId, token }, action, {
    factor: { type: 'email', id: email },
    code: codeSentTo,
  });
}

describe('client against the real server', () => {
  const storage = memoryStorage();
  const newClient = () => createLatchClient({ appId, clientId, apiUrl, storage, clock: clientClock });

  it('logs in with an email code, refreshes after expiry, survives a reload and logs out', async () => {
    const client = newClient();
    const ready = await client.init();
    expect(ready).toMatchObject({ status: 'ready', authenticated: false });
    expect(ready.config?.name).toBe('Core IT');

    await client.sendEmailCode('ada@example.test');
    const { user, isNewUser } = await client.loginWithEmailCode(
      'ada@example.test',
      await codeSentTo('ada@example.test'),
    );
    expect(isNewUser).toBe(true);
    expect(user.email?.address).toBe('ada@example.test');
    expect(client.getState().authenticated).toBe(true);
    const first = await client.getAccessToken();
    expect(first).toBeTruthy();

    // Past the token's lifetime: the next call refreshes silently and the server accepts the new token.
    serverClock.advance(TOKEN_TTL_SECONDS * 1000);
    const second = await client.getAccessToken();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    await expect(client.refreshUser()).resolves.toMatchObject({ id: user.id });

    // A page reload: a new client over the same storage restores the session.
    const reloaded = newClient();
    const restored = await reloaded.init();
    expect(restored).toMatchObject({ status: 'ready', authenticated: true });
    expect(restored.user?.id).toBe(user.id);

    const refreshToken = storage.get(storageKeys(appId).refreshToken);
    await reloaded.logout();
    expect(reloaded.getState()).toMatchObject({ authenticated: false, user: null });
    expect(storage.get(storageKeys(appId).token)).toBeNull();
    await expect(reloaded.getAccessToken()).resolves.toBeNull();

    // The server ended the session too: its refresh token no longer works.
    const reuse = await fetch(`${apiUrl}${IDENTITY_API.sessions}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADER.appId]: appId },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({ error: 'missing_or_invalid_token' });
    client.destroy();
    reloaded.destroy();
  });

  it('links and unlinks a phone, updates the email and accepts the terms, keeping the returned user', async () => {
    const client = newClient();
    await client.init();
    await client.sendEmailCode('lin@example.test');
    await client.loginWithEmailCode('lin@example.test', await codeSentTo('lin@example.test'));

    // A code works only for its purpose: a link code for a link, an update code for an update. Each
    // change needs a step-up with the email the session began with (a fresh login is not enough).
    await stepUp(client, 'lin@example.test', 'link');
    await client.sendSmsCode('+14155550123', undefined, 'link');
    const linked = await client.linkPhone('+14155550123', await codeSentTo('+14155550123'));
    expect(linked.phone?.number).toBe('+14155550123');
    expect(client.getState().user?.phone?.number).toBe('+14155550123');
    await stepUp(client, 'lin@example.test', 'unlink');
    const unlinked = await client.unlinkPhone('+14155550123');
    expect(unlinked.phone).toBeUndefined();

    // The update_login step-up stands in for a code to the old address.
    await stepUp(client, 'lin@example.test', 'update_login');
    await client.sendEmailCode('lin.new@example.test', undefined, 'update');
    const updated = await client.updateEmail(
      'lin@example.test',
      'lin.new@example.test',
      await codeSentTo('lin.new@example.test'),
    );
    expect(updated.email?.address).toBe('lin.new@example.test');

    const accepted = await client.acceptTerms();
    expect(accepted.hasAcceptedTerms).toBe(true);
    await expect(client.refreshUser()).resolves.toMatchObject({
      hasAcceptedTerms: true,
      email: { address: 'lin.new@example.test' },
    });
    await client.logout();
    client.destroy();
  });

  it('reports a wrong code with the catalogue error and stays signed out', async () => {
    const client = newClient();
    await client.init();
    await client.sendEmailCode('grace@example.test');
    const sent = await codeSentTo('grace@example.test');
    const wrong = sent === '000000' ? '111111' : '000000';
    await expect(client.loginWithEmailCode('grace@example.test', wrong)).rejects.toMatchObject({
      code: 'invalid_credentials',
      status: 422,
    });
    expect(client.getState().authenticated).toBe(false);
    client.destroy();
  });
});
