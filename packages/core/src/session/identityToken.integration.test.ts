import { IDENTITY_TOKEN, type WireLinkedAccount } from '@latch/protocol';
import { FakeClock } from '@latch/server';
import { type HttpTestServer, startHttpTestServer, stepUpOverHttp } from '@latch/server/testing';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLatchClient, type LatchClient } from '../client.js';
import { type Clock, systemClock } from '../clock.js';
import { memoryStorage } from '../storage.js';
import { storageKeys } from './tokenStore.js';

// getIdentityToken against the real server over HTTP; one fake clock drives both sides.
let server: HttpTestServer;
const serverClock = new FakeClock(Date.now());
const clientClock: Clock = { ...systemClock, now: () => serverClock.now().getTime() };
let appId: string;
let clientId: string;

beforeAll(async () => {
  server = await startHttpTestServer({ publicUrl: 'http://127.0.0.1' }, { clock: serverClock });
  ({ appId, clientId } = await server.createApp({ name: 'Identity IT', config: { email_auth: true, sms_auth: true } }));
  // A migrated PGlite server takes a while to start on a busy machine.
}, 180_000);
afterAll(() => server?.close());

async function codeSentTo(recipient: string): Promise<string> {
  const messages: Array<{ recipient: string; code: string }> = await (
    await fetch(`${server.apiUrl}/api/v1/dev/outbox`)
  ).json();
  return messages.find((m) => m.recipient === recipient)!.code;
}

const accountTypes = (token: string | null) =>
  (JSON.parse(decodeJwt(token!).linked_accounts as string) as WireLinkedAccount[]).map((a) => a.type);

async function stepUp(client: LatchClient, email: string, action: 'link' | 'unlink') {
  const token = (await client.getAccessToken()) ?? '';
  await stepUpOverHttp({ apiUrl: server.apiUrl, appId, clientId, token }, action, {
    factor: { type: 'email', id: email },
    code: codeSentTo,
  });
}

it('keeps the identity token with the session: after login, refreshed when expired or after a link, gone on logout', async () => {
  const storage = memoryStorage();
  const keys = storageKeys(appId);
  const newClient = () => createLatchClient({ appId, clientId, apiUrl: server.apiUrl, storage, clock: clientClock });
  const client = newClient();
  await client.init();
  await expect(client.getIdentityToken()).resolves.toBeNull();

  await client.sendEmailCode('ida@example.test');
  const { user } = await client.loginWithEmailCode('ida@example.test', await codeSentTo('ida@example.test'));
  const first = await client.getIdentityToken();
  expect(decodeProtectedHeader(first!).typ).toBe(IDENTITY_TOKEN.typ);
  expect(decodeJwt(first!)).toMatchObject({ aud: appId, sub: user.id });
  expect(accountTypes(first)).toEqual(['email']);
  // Kept where the refresh token is; asked again, the same one (no refresh).
  expect(storage.get(keys.identityToken)).toBe(first);
  const refreshToken = storage.get(keys.refreshToken);
  await expect(client.getIdentityToken()).resolves.toBe(first);
  expect(storage.get(keys.refreshToken)).toBe(refreshToken);

  // Ten minutes on, the access token (an hour) still lives, the identity token does not: a refresh brings one.
  serverClock.advance(IDENTITY_TOKEN.ttlSeconds * 1000);
  const accessBefore = storage.get(keys.token);
  const second = await client.getIdentityToken();
  expect(second).not.toBe(first);
  expect(decodeJwt(second!).exp! * 1000).toBeGreaterThan(serverClock.now().getTime());
  expect(storage.get(keys.refreshToken)).not.toBe(refreshToken);
  expect(storage.get(keys.token)).not.toBe(accessBefore);

  // A link changes the accounts: the next identity token lists the phone; an unlink takes it out again.
  await stepUp(client, 'ida@example.test', 'link');
  await client.sendSmsCode('+14155550199', undefined, 'link');
  await client.linkPhone('+14155550199', await codeSentTo('+14155550199'));
  const afterLink = await client.getIdentityToken();
  expect(accountTypes(afterLink)).toEqual(['email', 'phone']);
  await stepUp(client, 'ida@example.test', 'unlink');
  await client.unlinkPhone('+14155550199');
  expect(accountTypes(await client.getIdentityToken())).toEqual(['email']);

  // A reload finds it in storage; logout clears it.
  const reloaded = newClient();
  await reloaded.init();
  await expect(reloaded.getIdentityToken()).resolves.toBe(storage.get(keys.identityToken));
  await reloaded.logout();
  expect(storage.get(keys.identityToken)).toBeNull();
  await expect(reloaded.getIdentityToken()).resolves.toBeNull();
  client.destroy();
  reloaded.destroy();
});
