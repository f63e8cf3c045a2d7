import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import { DEV_API, type OAuthProvider } from '@latch/protocol';
import { OAUTH_API } from '@latch/protocol/oauth';
import type { LatchServer } from '@latch/server';
import { type HttpTestServer, startHttpTestServer, stepUpOverHttp } from '@latch/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flowContextOf } from '../auth/flowContext.js';
import { SCREEN } from '../auth/screens.js';
import { createLatchClient } from '../client.js';
import { createLatch } from '../latch.js';
import { memoryStorage } from '../storage.js';
import type { OpenerWindow } from './popupMessages.js';
import { OAUTH_POPUP_NAME } from './popupName.js';

// The client against the real server (PGlite, dev mode) over HTTP on 127.0.0.1, and the dev IdP's stand-ins
// (oidc-provider) as the providers. The browser's part — the popup's pages, the redirects — is played with fetch:
// the stand-in's login page (followLogin), our callback's redirect, and a second client as the popup page.

const HOST_ORIGIN = 'https://shop.example';
const PAGE = `${HOST_ORIGIN}/checkout?step=2`;
const PUBLIC_URL = 'http://127.0.0.1:8787';

let server: HttpTestServer;
let latch: LatchServer;
let apiUrl: string;
let idp: DevIdp;

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [`${PUBLIC_URL}${OAUTH_API.callback}`] });
  // PGlite in memory, as client.integration.test.ts: the server's own suites run these routes on PostgreSQL too.
  server = await startHttpTestServer({ publicUrl: PUBLIC_URL });
  ({ latch, apiUrl } = server);
});

afterAll(async () => {
  await server?.close();
  await idp?.close();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An app on HOST_ORIGIN with email login and `providers` on the stand-ins (credentials as `apps oauth set` stores them). */
async function oauthApp(providers: OAuthProvider[]) {
  const { appId, clientId } = await server.createApp({
    name: 'Shop',
    config: { email_auth: true },
    allowed_origins: [HOST_ORIGIN],
  });
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

/** Where our callback sends the browser after the stand-in's login page: the page address with the return parameters. */
async function throughProvider(url: string, email: string): Promise<string> {
  const answer = await idp.followLogin(url, { email, name: 'Ada Lovelace' });
  const callback = new URL(answer.redirectUri);
  const res = await fetch(`${apiUrl}${callback.pathname}?${new URLSearchParams(answer.params)}`, {
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return res.headers.get('location') ?? '';
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

/**
 * A popup as the browser runs it: pointed at the provider, it goes through the login page and the callback, and
 * lands on the host page, where a Latch client starts (the popup page) and hands the result to its opener.
 */
function popupFor(appId: string, host: ReturnType<typeof hostPage>, email: string | null) {
  let landed: Promise<void> = Promise.resolve();
  let at = 'about:blank';
  const popup = {
    closed: false,
    close() {
      popup.closed = true;
    },
    location: {
      get href() {
        return at;
      },
      set href(url: string) {
        at = url;
        // null: the user is still on the provider's page.
        if (email === null) return;
        landed = (async () => {
          const back = await throughProvider(url, email);
          const page = {
            name: OAUTH_POPUP_NAME,
            location: { origin: HOST_ORIGIN },
            opener: {
              location: { origin: HOST_ORIGIN },
              postMessage(data: unknown, targetOrigin: string) {
                if (targetOrigin !== HOST_ORIGIN) return;
                for (const l of [...host.listeners]) l({ data, origin: HOST_ORIGIN, source: popup } as MessageEvent);
              },
            },
            close: () => popup.close(),
          };
          vi.stubGlobal('window', page);
          const popupClient = createLatchClient({
            appId,
            apiUrl,
            storage: memoryStorage(),
            location: { href: () => back, replace: () => undefined },
          });
          await popupClient.init();
          await vi.waitFor(() => expect(popup.closed).toBe(true));
        })();
      },
    },
  };
  return { popup, asWindow: popup as unknown as Window, landed: () => landed };
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

describe('social login, client against the real server and the stand-in providers', () => {
  it('logs in with GitHub in a popup: the popup page hands the code back, the client signs in', async () => {
    const { appId, clientId } = await oauthApp(['github']);
    const h = hostClient(appId, clientId);
    await h.client.init();
    const p = popupFor(appId, h.host, 'ada.popup@example.com');
    const result = await h.client.loginWithOAuth('github', { popup: p.asWindow });
    await p.landed();
    expect(result.isNewUser).toBe(true);
    expect(result.user.linkedAccounts).toEqual([
      expect.objectContaining({
        type: 'github_oauth',
        subject: idp.providers.github!.subjectFor('ada.popup@example.com'),
      }),
    ]);
    expect(h.client.getState().authenticated).toBe(true);
    expect(h.client.takeDeviceGrant()).toEqual(expect.any(String));
  });

  it('logs in with Google by redirect: back on the page, the stored verifier finishes it once', async () => {
    const { appId, clientId } = await oauthApp(['google']);
    const h = hostClient(appId, clientId);
    void h.client.loginWithOAuth('google', { mode: 'redirect' });
    await vi.waitFor(() => expect(h.navigated).toHaveLength(1));
    const back = await throughProvider(h.navigated[0] ?? '', 'ada.redirect@example.com');
    expect(new URL(back).origin + new URL(back).pathname).toBe(`${HOST_ORIGIN}/checkout`);

    // The page loads again: a new client with the same sessionStorage reads the return parameters.
    const replaced: string[] = [];
    const again = createLatchClient({
      appId,
      clientId,
      apiUrl,
      storage: memoryStorage(),
      location: { href: () => back, replace: (href) => void replaced.push(href) },
      oauthBrowser: { window: h.host.window, sessionStorage: h.session, navigate: () => undefined },
    });
    await again.init();
    expect(replaced).toEqual([PAGE]);
    const returned = again.takeOAuthReturn();
    expect(returned).toMatchObject({ provider: 'google', error: null });
    const result = await again.completeOAuthRedirect(returned!, 'login');
    expect(result.user.linkedAccounts[0]).toMatchObject({ type: 'google_oauth', email: 'ada.redirect@example.com' });
    // The code and the verifier are spent: the same return cannot log in again.
    await expect(again.completeOAuthRedirect(returned!, 'login')).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
    });
  });

  it("refuses another browser's code: its state is not this one's (SPEC §5), and nothing is exchanged", async () => {
    const { appId, clientId } = await oauthApp(['discord']);
    // The attacker's own round trip, to their own account.
    const attacker = hostClient(appId, clientId);
    void attacker.client.loginWithOAuth('discord', { mode: 'redirect' });
    await vi.waitFor(() => expect(attacker.navigated).toHaveLength(1));
    const planted = await throughProvider(attacker.navigated[0] ?? '', 'mallory@example.com');
    const stolen = new URL(planted).searchParams;

    const victim = hostClient(appId, clientId);
    const p = popupFor(appId, victim.host, null);
    const done = victim.client.loginWithOAuth('discord', { popup: p.asWindow });
    const outcome = done.catch((error: unknown) => error);
    await vi.waitFor(() => expect(p.popup.location.href).toContain(idp.url));
    expect(victim.host.listeners.size).toBe(1);
    // A message from the popup with the attacker's code and state (as a page the popup was sent to could post).
    for (const l of [...victim.host.listeners]) {
      l({
        data: {
          type: 'latch:oauth:success',
          stateCode: stolen.get('latch_oauth_state'),
          authorizationCode: stolen.get('latch_oauth_code'),
        },
        origin: HOST_ORIGIN,
        source: p.popup,
      } as MessageEvent);
    }
    expect(await outcome).toMatchObject({ code: 'oauth_state_mismatch' });
    expect(victim.client.getState().authenticated).toBe(false);
    expect(p.popup.closed).toBe(true);
    // The victim's client exchanged nothing: the attacker's code is still unspent and logs in the attacker only.
    const own = {
      code: stolen.get('latch_oauth_code'),
      state: stolen.get('latch_oauth_state'),
      provider: 'discord',
      error: null,
    } as const;
    const mallory = await attacker.client.completeOAuthRedirect(own as never, 'login');
    expect(mallory.user.linkedAccounts[0]).toMatchObject({ type: 'discord_oauth', email: 'mallory@example.com' });
  });

  it('links Discord to a GitHub user with the bearer token, then unlinks it', async () => {
    const { appId, clientId } = await oauthApp(['github', 'discord']);
    const h = hostClient(appId, clientId);
    await h.client.init();
    const first = popupFor(appId, h.host, 'linker@example.com');
    const { user } = await h.client.loginWithOAuth('github', { popup: first.asWindow });
    await first.landed();

    // Linking needs a step-up: the GitHub account the user had (the widget's step-up screen; here over HTTP).
    const caller = { apiUrl, appId, clientId, token: (await h.client.getAccessToken()) ?? '', origin: HOST_ORIGIN };
    const withGitHub = (action: 'link' | 'unlink') =>
      stepUpOverHttp(caller, action, {
        factor: { type: 'oauth', id: 'github' },
        redirectTo: PAGE,
        through: (url) => throughProvider(url, 'linker@example.com'),
      });
    await withGitHub('link');
    const second = popupFor(appId, h.host, 'linker.discord@example.com');
    const linked = await h.client.linkOAuth('discord', { popup: second.asWindow });
    await second.landed();
    expect(linked.id).toBe(user.id);
    const discord = linked.linkedAccounts.find((a) => a.type === 'discord_oauth') as { subject: string } | undefined;
    expect(discord?.subject).toBe(idp.providers.discord!.subjectFor('linker.discord@example.com'));

    await withGitHub('unlink');
    const unlinked = await h.client.unlinkOAuth('discord', discord?.subject ?? '');
    expect(unlinked.linkedAccounts.map((a) => a.type)).toEqual(['github_oauth']);
  });
});

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

  it('links a Telegram account to an email user after a step-up, then unlinks it; a replayed result is refused', async () => {
    const { appId, clientId } = await telegramApp();
    const { client } = hostClient(appId, clientId);
    const email = `tg-linker-${Math.floor(Math.random() * 1e6)}@example.com`;
    const codeTo = async (to: string) => {
      const outbox = (await (await fetch(`${apiUrl}${DEV_API.outbox}`)).json()) as {
        recipient: string;
        code: string;
      }[];
      return outbox.find((m) => m.recipient === to)?.code ?? '';
    };
    await client.sendEmailCode(email);
    await client.loginWithEmailCode(email, await codeTo(email));
    const result = idp.telegram.sign({ id: 9_002_000 + Math.floor(Math.random() * 1000), first_name: 'Ada' });
    // A fresh login is not enough: linking and unlinking each need a step-up (here with the email, over HTTP).
    await expect(client.linkTelegram(result)).rejects.toMatchObject({ code: 'step_up_required' });
    const caller = { apiUrl, appId, clientId, token: (await client.getAccessToken()) ?? '' };
    const withEmail = { factor: { type: 'email', id: email }, code: codeTo } as const;
    await stepUpOverHttp(caller, 'link', withEmail);
    const linked = await client.linkTelegram(result);
    expect(linked.linkedAccounts.map((a) => a.type).sort()).toEqual(['email', 'telegram']);
    await expect(client.loginWithTelegram(result)).rejects.toMatchObject({ message: expect.stringMatching(/already/) });
    await stepUpOverHttp(caller, 'unlink', withEmail);
    const unlinked = await client.unlinkTelegram(result.id);
    expect(unlinked.linkedAccounts.map((a) => a.type)).toEqual(['email']);
  });
});
