import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import type { OAuthProvider } from '@latch/protocol';
import { OAUTH_API } from '@latch/protocol/oauth';
import { createLatchServer, type LatchServer } from '@latch/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flowContextOf } from '../auth/flowContext.js';
import { SCREEN } from '../auth/screens.js';
import { createLatchClient } from '../client.js';
import { createLatch } from '../latch.js';
import { memoryStorage } from '../storage.js';
import type { OpenerWindow } from './popupMessages.js';

// The client against the real server (PGlite, dev mode) over HTTP on 127.0.0.1, and the dev IdP's stand-ins
// (oidc-provider) as the providers. The browser's part — the popup's pages, the redirects — is played with fetch:
// the stand-in's login page (followLogin), our callback's redirect, and a second client as the popup page.

const HOST_ORIGIN = 'https://shop.example';
const PAGE = `${HOST_ORIGIN}/checkout?step=2`;
const PUBLIC_URL = 'http://127.0.0.1:8787';

let latch: LatchServer;
let http: Server;
let apiUrl: string;
let idp: DevIdp;

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [`${PUBLIC_URL}${OAUTH_API.callback}`] });
  latch = await createLatchServer({
    port: 0,
    host: '127.0.0.1',
    dev: true,
    dataDir: '/nonexistent-latch-core-test',
    masterKey: randomBytes(32).toString('base64'),
    publicUrl: PUBLIC_URL,
    logLevel: 'silent',
    // PGlite in memory, as client.integration.test.ts: the server's own suites run these routes on PostgreSQL too.
    inMemoryDb: true,
  });
  http = await new Promise<Server>((resolve) => {
    const server = serve({ fetch: latch.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server as Server));
  });
  apiUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => http?.close(() => resolve()));
  await latch?.close();
  await idp?.close();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An app on HOST_ORIGIN with email login and `providers` on the stand-ins (credentials as `apps oauth set` stores them). */
async function oauthApp(providers: OAuthProvider[]) {
  const created = await fetch(`${apiUrl}/api/v1/dev/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Shop', config: { email_auth: true }, allowed_origins: [HOST_ORIGIN] }),
  });
  expect(created.status).toBe(201);
  const { app_id: appId, client_id: clientId } = (await created.json()) as { app_id: string; client_id: string };
  for (const provider of providers) {
    const p = idp.providers[provider]!;
    await latch.ctx.loginCredentials.set(
      appId,
      provider,
      { client_id: p.clientId, endpoints: p.endpoints },
      p.clientSecret,
    );
    await latch.ctx.apps.update(appId, { config: { [`${provider}_oauth`]: true } });
  }
  return { appId, clientId };
}

/** The host page (the opener): its window, whose message listeners get what the popup page posts to it. */
function hostPage() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const window: OpenerWindow = {
    location: { origin: HOST_ORIGIN },
    addEventListener: (_, l) => void listeners.add(l),
    removeEventListener: (_, l) => void listeners.delete(l),
  };
  return { window, listeners };
}

function hostClient(appId: string, clientId: string, host = hostPage()) {
  const navigated: string[] = [];
  const session = memoryStorage();
  const client = createLatchClient({
    appId,
    clientId,
    apiUrl,
    storage: memoryStorage(),
    location: { href: () => PAGE, replace: () => undefined },
    oauthBrowser: { window: host.window, sessionStorage: session, navigate: (url) => void navigated.push(url) },
  });
  return { client, host, navigated, session };
}

describe('Telegram and custom token, client against the real server', () => {
  /** An app with Telegram login on the stand-in's bot and custom tokens from the stand-in's issuer. */
  async function telegramApp() {
    const { appId, clientId } = await oauthApp([]);
    const { botId, botName, botToken } = idp.telegram;
    await latch.ctx.loginCredentials.set(appId, 'telegram', { bot_id: botId, bot_name: botName }, botToken);
    await latch.ctx.apps.update(appId, {
      config: {
        telegram_auth: true,
        telegram_auth_config: { bot_id: botId, bot_name: botName },
        custom_auth_config: {
          issuer: idp.customIssuer.issuer,
          audience: idp.customIssuer.audience,
          algorithms: ['RS256', 'ES256'],
          jwks_url: idp.customIssuer.jwksUrl,
        },
      },
    });
    return { appId, clientId };
  }

  it('logs in with a custom token (a fresh login with a device grant); a forged one is invalid_custom_token', async () => {
    const { appId, clientId } = await telegramApp();
    const { client } = hostClient(appId, clientId);
    const token = await idp.customIssuer.mint({ sub: 'shop-user-7' }, { alg: 'ES256' });
    const result = await client.loginWithCustomToken(token);
    expect(result).toMatchObject({ isNewUser: true });
    expect(result.user.linkedAccounts).toEqual([
      expect.objectContaining({ type: 'custom_auth', customUserId: 'shop-user-7' }),
    ]);
    expect(client.takeDeviceGrant()).toEqual(expect.any(String));

    const other = hostClient(appId, clientId).client;
    const forged = await idp.customIssuer.mint({ sub: 'shop-user-7' }, { unknownKeySameKid: true });
    await expect(other.loginWithCustomToken(forged)).rejects.toMatchObject({ code: 'invalid_custom_token' });
    expect(other.getState().authenticated).toBe(false);
  });

  it("logs in through the flow: TELEGRAM_AUTH_SCREEN, Telegram's answer, the server's check, then the login reported", async () => {
    const { appId, clientId } = await telegramApp();
    const { client } = hostClient(appId, clientId);
    const completed: string[] = [];
    const app = createLatch({
      appId,
      clientId,
      apiUrl,
      client,
      onLoginComplete: (r) => completed.push(`${r.intent}:${r.isNewUser}`),
    });
    await client.init();
    app.auth.dispatch({ type: 'configure', context: flowContextOf(client.getState().config, false) });
    const telegramUser = { id: 9_001_000 + Math.floor(Math.random() * 1000), first_name: 'Ada' };
    // The served script's popup, as far as the page sees it: a signed result for the user who logged in there.
    vi.stubGlobal('LatchTelegramLogin', {
      auth: (_: unknown, callback: (result: unknown) => void) => callback(idp.telegram.sign(telegramUser)),
    });
    app.login();
    app.auth.dispatch({ type: 'startTelegram' });
    await vi.waitFor(() => expect(app.auth.getState().screen).toBe(SCREEN.telegramAuth));
    app.auth.dispatch({ type: 'authorizeTelegram' });
    await vi.waitFor(() => expect(completed).toEqual(['login:true']), { timeout: 5000 });
    expect(client.getState().user?.linkedAccounts[0]).toMatchObject({
      type: 'telegram',
      telegramUserId: String(telegramUser.id),
    });
    app.destroy();
  });

  it('links a Telegram account to a custom-token user, then unlinks it; a replayed result is refused', async () => {
    const { appId, clientId } = await telegramApp();
    const { client } = hostClient(appId, clientId);
    await client.loginWithCustomToken(await idp.customIssuer.mint({ sub: 'shop-user-8' }));
    const result = idp.telegram.sign({ id: 9_002_000 + Math.floor(Math.random() * 1000), first_name: 'Ada' });
    const linked = await client.linkTelegram(result);
    expect(linked.linkedAccounts.map((a) => a.type).sort()).toEqual(['custom_auth', 'telegram']);
    await expect(client.loginWithTelegram(result)).rejects.toMatchObject({ message: expect.stringMatching(/already/) });
    const unlinked = await client.unlinkTelegram(result.id);
    expect(unlinked.linkedAccounts.map((a) => a.type)).toEqual(['custom_auth']);
  });
});
