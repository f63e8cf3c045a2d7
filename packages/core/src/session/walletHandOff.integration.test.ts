import { DEV_API, IDENTITY_API } from '@latch/protocol';
import { type HttpTestServer, startHttpTestServer } from '@latch/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLatchClient, type LatchClient } from '../client.js';
import { memoryStorage } from '../storage.js';

// The mobile wallet redirect's hand-off, client to client through the real server (PGlite, dev mode, real HTTP):
// a signed-in page forks `code.verifier` for the wallet's browser; a page there (no storage of the first) redeems
// it, holds it until the user answers, and stores it only on Continue.

let server: HttpTestServer;
let apiUrl: string;
let appId: string;
let clientId: string;

beforeAll(async () => {
  server = await startHttpTestServer({ publicUrl: 'http://127.0.0.1' });
  ({ apiUrl } = server);
  ({ appId, clientId } = await server.createApp({ name: 'Wallet hand-off IT', config: { email_auth: true } }));
});

afterAll(async () => {
  await server?.close();
});

/** A page's client (its own storage: another browser), with the refresh tokens its server answers recorded. */
async function page(): Promise<{ client: LatchClient; refreshTokens: string[] }> {
  const refreshTokens: string[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = await response
      .clone()
      .json()
      .catch(() => null);
    if (typeof body?.refresh_token === 'string') refreshTokens.push(body.refresh_token);
    return response;
  };
  const client = createLatchClient({ appId, clientId, apiUrl, storage: memoryStorage(), fetch: recording });
  await client.init();
  return { client, refreshTokens };
}

async function signedIn(email: string): Promise<LatchClient> {
  const { client } = await page();
  await client.sendEmailCode(email);
  const messages: Array<{ recipient: string; code: string }> = await (await fetch(`${apiUrl}${DEV_API.outbox}`)).json();
  await client.loginWithEmailCode(email, messages.find((m) => m.recipient === email)?.code ?? '');
  return client;
}

/** Whether a refresh token still refreshes (it is rotated by it, so ask once). */
const refreshes = async (refreshToken: string) =>
  (
    await fetch(`${apiUrl}${IDENTITY_API.sessions}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'latch-app-id': appId },
      body: JSON.stringify({ refresh_token: refreshToken }),
    })
  ).status === 200;

describe('the mobile wallet redirect hand-off', () => {
  it('carries the session to another browser only once the user says Continue; the sender stays signed in', async () => {
    const sender = await signedIn('sender@example.test');
    const link = await sender.startWalletHandOff();
    expect(link).toMatch(/^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{43}$/);
    // The fork rotated the sender's tokens under its lock: it is still signed in.
    expect(await sender.getAccessToken()).not.toBeNull();

    const wallet = await page();
    const pending = await wallet.client.redeemWalletHandOff(link);
    expect(pending?.user.email?.address).toBe('sender@example.test');
    // Held, not stored: the page is signed out until the user answers.
    expect(wallet.client.getState().authenticated).toBe(false);
    expect(await wallet.client.getAccessToken()).toBeNull();
    pending?.adopt();
    expect(wallet.client.getState().user?.id).toBe(sender.getState().user?.id);
    expect(await wallet.client.getAccessToken()).not.toBeNull();
    // Custody: the sender's email login brought a device grant; the hand-off brings none, so the wallet's browser
    // (or whoever opened the link first) registers no device for the user's embedded wallet without a login there.
    expect(sender.hasDeviceGrant()).toBe(true);
    expect(wallet.client.hasDeviceGrant()).toBe(false);
    expect(() => pending?.adopt()).toThrow(/already answered/);

    // The code is spent: the same link signs nobody else in.
    const replay = await page();
    expect(await replay.client.redeemWalletHandOff(link)).toBeNull();
  });

  it('"Not me" logs the redeemed session out on the server and stores nothing (login CSRF)', async () => {
    const attacker = await signedIn('attacker@example.test');
    const link = await attacker.startWalletHandOff();
    const victim = await page();
    const pending = await victim.client.redeemWalletHandOff(link);
    expect(pending?.user.email?.address).toBe('attacker@example.test');
    const redeemed = victim.refreshTokens.at(-1) ?? '';
    await pending?.decline();
    expect(victim.client.getState().authenticated).toBe(false);
    expect(await victim.client.getAccessToken()).toBeNull();
    // The session the link started is over: its refresh token refreshes nothing.
    expect(await refreshes(redeemed)).toBe(false);
  });

  it('is not taken by a page with a session of its own, nor from a malformed or forged value', async () => {
    const owner = await signedIn('owner@example.test');
    const other = await signedIn('other@example.test');
    const link = await owner.startWalletHandOff();
    expect(await other.redeemWalletHandOff(link)).toBeNull();
    expect(other.getState().user?.email?.address).toBe('other@example.test');
    const fresh = await page();
    const [code] = link.split('.');
    expect(await fresh.client.redeemWalletHandOff(`${code}`)).toBeNull();
    expect(await fresh.client.redeemWalletHandOff(`${code}.${'A'.repeat(43)}`)).toBeNull();
    // The forged verifier spent the code: the real link is refused too now.
    expect(await fresh.client.redeemWalletHandOff(link)).toBeNull();
    expect(fresh.client.getState().authenticated).toBe(false);
  });

  it('forks nothing for a signed-out page', async () => {
    const { client } = await page();
    await expect(client.startWalletHandOff()).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
  });
});
