import { createHash, randomBytes } from 'node:crypto';
import type { DevIdp, DevIdpProvider, LoginChoice } from '@latch/dev-idp';
import type { OAuthProvider, StepUpAction, TokenResponse, WireUser } from '@latch/protocol';
import { OAUTH_API, OAUTH_RETURN_PARAM } from '@latch/protocol/oauth';
import { STEP_UP_API } from '@latch/protocol/stepUp';
import { expect } from 'vitest';
import { type TestServer, widgetHeaders } from '../../../test/harness.js';
import type { OAuthPublicConfig } from '../oauthCredentials.js';

/** The host page's origin in these tests, and where the callback sends the browser back. */
const HOST_ORIGIN = 'https://host.example';
export const RETURN_TO = `${HOST_ORIGIN}/after-login?tab=1`;

/** The callback every stand-in registers (test servers run with LATCH_PUBLIC_URL http://localhost:8787). */
export const TEST_CALLBACK = `http://localhost:8787${OAUTH_API.callback}`;

/** A PKCE pair and a state code, as the widget makes them. */
export function browserSecrets() {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(32).toString('base64url'),
  };
}

/** The stand-in provider of `name`. */
export const standIn = (idp: DevIdp, name: OAuthProvider): DevIdpProvider =>
  (idp.providers as Record<string, DevIdpProvider>)[name]!;

/** Stores the stand-in's credentials for the app (as `apps oauth set` does) and turns `<provider>_oauth` on. */
async function configureProvider(
  server: TestServer,
  appId: string,
  idp: DevIdp,
  provider: OAuthProvider,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const p = standIn(idp, provider);
  const publicConfig: OAuthPublicConfig = { client_id: p.clientId, endpoints: p.endpoints };
  if (provider === 'apple') {
    publicConfig.team_id = idp.providers.apple!.teamId;
    publicConfig.key_id = idp.providers.apple!.keyId;
  }
  await server.ctx.loginCredentials.set(appId, provider, publicConfig, p.clientSecret);
  await server.ctx.apps.update(appId, { config: { [`${provider}_oauth`]: true, ...extra } });
}

/** An app on HOST_ORIGIN with `providers` configured on the stand-ins; email login on too. */
export async function oauthApp(
  server: TestServer,
  idp: DevIdp,
  providers: OAuthProvider[],
  config: Record<string, unknown> = {},
) {
  const { appId, clientId } = await server.createApp({ name: 'Acme', allowedOrigins: [HOST_ORIGIN] });
  for (const provider of providers) await configureProvider(server, appId, idp, provider);
  if (Object.keys(config).length > 0) await server.ctx.apps.update(appId, { config });
  return { appId, clientId, client: oauthTestClient(server, idp, appId, clientId) };
}

/** Where the callback sent the browser: the return parameters on redirect_to. */
interface ReturnParams {
  url: URL;
  code: string | null;
  state: string | null;
  provider: string | null;
  error: string | null;
}

/** The widget's side of the OAuth round trip against a test server and the stand-ins. */
function oauthTestClient(server: TestServer, idp: DevIdp, appId: string, clientId: string) {
  const headers = (token?: string) => ({ ...widgetHeaders(appId, clientId, token), origin: HOST_ORIGIN });
  const post = (path: string, body: unknown, token?: string) =>
    server.call('POST', path, { body, headers: headers(token) });

  /** POST init; the raw response. */
  const initRaw = (body: Record<string, unknown>, token?: string) => post(OAUTH_API.init, body, token);

  /** Init for `provider` with fresh browser secrets; the authorization URL and the secrets. */
  async function init(provider: OAuthProvider, token?: string, overrides: Record<string, unknown> = {}) {
    const secrets = browserSecrets();
    const res = await initRaw(
      { provider, redirect_to: RETURN_TO, code_challenge: secrets.challenge, state_code: secrets.state, ...overrides },
      token,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const { url } = (await res.json()) as { url: string };
    return { url, ...secrets };
  }

  /** The browser at the provider (login page submitted as `choice`), then at our callback: the return parameters. */
  async function authorize(url: string, choice: LoginChoice = {}): Promise<ReturnParams> {
    const answer = await idp.followLogin(url, choice);
    expect(answer.redirectUri).toBe(TEST_CALLBACK);
    const res = await callback(answer.method, answer.params);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    return returnParams(res.headers.get('location')!);
  }

  /** The provider's redirect to our callback (GET query, or Apple's form_post). */
  function callback(method: 'GET' | 'POST', params: Record<string, string>): Promise<Response> {
    if (method === 'GET') return server.call('GET', `${OAUTH_API.callback}?${new URLSearchParams(params)}`);
    return server.call('POST', OAUTH_API.callback, {
      rawBody: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(idp.url).origin },
    });
  }

  /** POST authenticate (or link with `token`); the raw response. */
  const exchangeRaw = (
    body: { authorization_code: string; state_code: string; code_verifier: string },
    token?: string,
  ) => post(token ? OAUTH_API.link : OAUTH_API.authenticate, body, token);

  /** The whole login: init, the provider, the callback, authenticate. */
  async function logIn(provider: OAuthProvider, choice: LoginChoice = {}): Promise<TokenResponse> {
    const { url, state, verifier } = await init(provider);
    const back = await authorize(url, choice);
    expect(back).toMatchObject({ state, provider, error: null });
    const res = await exchangeRaw({ authorization_code: back.code!, state_code: state, code_verifier: verifier });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as TokenResponse;
  }

  /** The whole link for the signed-in `token`. */
  async function link(provider: OAuthProvider, token: string, choice: LoginChoice = {}) {
    const { url, state, verifier } = await init(provider, token);
    const back = await authorize(url, choice);
    const res = await exchangeRaw(
      { authorization_code: back.code!, state_code: state, code_verifier: verifier },
      token,
    );
    return res;
  }

  /** POST unlink. */
  const unlink = (provider: OAuthProvider, subject: string, token: string) =>
    post(OAUTH_API.unlink, { provider, subject }, token);

  /**
   * A step-up for `action` by re-authenticating with the `provider` account linked to the token's user
   * (`choice`: who logs in at the provider): step_up/init, the provider, the callback, step_up/verify.
   * The raw verify response.
   */
  async function stepUp(provider: OAuthProvider, token: string, action: StepUpAction, choice: LoginChoice = {}) {
    const secrets = browserSecrets();
    const factor = { type: 'oauth', id: provider };
    const init = await post(
      STEP_UP_API.init,
      { action, factor, redirect_to: RETURN_TO, state_code: secrets.state, code_challenge: secrets.challenge },
      token,
    );
    expect(init.status, await init.clone().text()).toBe(200);
    const { url } = (await init.json()) as { url: string };
    const back = await authorize(url, choice);
    const proof = { authorization_code: back.code, state_code: secrets.state, code_verifier: secrets.verifier };
    return post(STEP_UP_API.verify, { action, factor, ...proof }, token);
  }

  return { headers, post, initRaw, init, authorize, callback, exchangeRaw, logIn, link, unlink, stepUp };
}

/** The return parameters of a callback redirect. */
export function returnParams(location: string): ReturnParams {
  const url = new URL(location);
  const get = (name: string) => url.searchParams.get(name);
  return {
    url,
    code: get(OAUTH_RETURN_PARAM.code),
    state: get(OAUTH_RETURN_PARAM.state),
    provider: get(OAUTH_RETURN_PARAM.provider),
    error: get(OAUTH_RETURN_PARAM.error),
  };
}

/** The user's OAuth accounts of `provider`. */
export const oauthAccounts = (user: WireUser, provider: OAuthProvider) =>
  user.linked_accounts.filter((a) => a.type === `${provider}_oauth`);
