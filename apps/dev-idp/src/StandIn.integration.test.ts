import { generateKeyPair } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DevIdp } from './index.js';
import { startDevIdp } from './index.js';
import { CALLBACK, testFlow } from './testing/testFlow.js';

// What each stand-in refuses as its real provider would, and the attack hooks doing what they say (each
// checked against openid-client, which the server uses: the hooked answer is refused, the plain one is not).

let idp: DevIdp;
const { providerOf, appleClientSecret, configFor, authorizationUrl, authorize, exchange } = testFlow(() => idp);

beforeAll(async () => {
  idp = await startDevIdp({
    redirectUris: [CALLBACK],
    providers: ['google', 'apple', 'github', 'twitter', 'linkedin', 'tiktok'],
  });
});
afterAll(async () => {
  await idp.close();
});
beforeEach(() => {
  for (const p of Object.values(idp.providers)) p.reset();
});

/** The OAuth error code of a refused openid-client call. */
async function oauthError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof client.ResponseBodyError) return error.error;
    if (error instanceof Error) return error.message;
  }
  return 'no error';
}

describe('the code and the verifier', () => {
  it('a wrong PKCE verifier is refused', async () => {
    const flow = await authorize('github', 'a@example.com');
    expect(await oauthError(exchange('github', flow, { verifier: client.randomPKCECodeVerifier() }))).toBe(
      'invalid_grant',
    );
  });

  it('a code is single use', async () => {
    const flow = await authorize('github', 'a@example.com');
    await exchange('github', flow);
    expect(await oauthError(exchange('github', flow))).toBe('invalid_grant');
  });

  it('an authorization without a code challenge is refused (PKCE required)', async () => {
    const { url, state } = await authorizationUrl('github');
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const answer = await idp.followLogin(url.href);
    expect(answer.params).toMatchObject({ error: 'invalid_request', state });
    expect(answer.params.error_description).toMatch(/PKCE/);
    expect(answer.params.code).toBeUndefined();
  });

  it('an unregistered redirect URI gets an error page, not a redirect', async () => {
    const { url } = await authorizationUrl('google', { redirect_uri: 'https://attacker.example/callback' });
    await expect(idp.followLogin(url.href)).rejects.toThrow(/400.*redirect_uri/);
  });

  it('Cancel answers access_denied with the state', async () => {
    const { url, state } = await authorizationUrl('google');
    const answer = await idp.followLogin(url.href, { cancel: true });
    expect(answer.params).toMatchObject({ error: 'access_denied', state });
    expect(answer.params.code).toBeUndefined();
  });
});

describe("the providers' own authorization parameters", () => {
  it("Google's prompt=consent select_account and access_type=offline, Twitter's prompt=consent: the login page", async () => {
    const google = await authorize('google', 'prompt@example.com', {
      prompt: 'consent select_account',
      access_type: 'offline',
    });
    expect((await exchange('google', google)).claims()?.email).toBe('prompt@example.com');
    const twitter = await authorize('twitter', 'prompt@example.com', { prompt: 'consent' });
    expect((await exchange('twitter', twitter)).access_token).toBeTruthy();
  });

  it('an OIDC prompt=none without a session answers login_required (the login page is not shown)', async () => {
    const { answer } = await authorize('google', 'prompt@example.com', { prompt: 'none' });
    expect(answer.params.error).toBe('login_required');
  });
});

describe('token-endpoint client authentication, as each provider documents it', () => {
  it('Twitter takes HTTP Basic only; LinkedIn the POST body only; Google either', async () => {
    const twitter = await authorize('twitter', 'a@example.com');
    expect(
      await oauthError(exchange('twitter', twitter, { config: await configFor('twitter', { auth: 'post' }) })),
    ).toBe('invalid_client');
    const linkedin = await authorize('linkedin', 'a@example.com');
    expect(
      await oauthError(exchange('linkedin', linkedin, { config: await configFor('linkedin', { auth: 'basic' }) })),
    ).toBe('invalid_client');
    const google = await authorize('google', 'a@example.com');
    const tokens = await exchange('google', google, { config: await configFor('google', { auth: 'basic' }) });
    expect(tokens.claims()?.email).toBe('a@example.com');
  });

  it('a wrong client secret is refused', async () => {
    const flow = await authorize('github', 'a@example.com');
    expect(await oauthError(exchange('github', flow, { config: await configFor('github', { secret: 'wrong' }) }))).toBe(
      'invalid_client',
    );
  });

  it("TikTok's comma-separated scopes are granted", async () => {
    const flow = await authorize('tiktok', 'a@example.com', { scope: 'user.info.basic,user.info.profile' });
    expect((await exchange('tiktok', flow)).scope).toBe('user.info.basic user.info.profile');
  });

  it('TikTok needs client_key at the authorization and the token endpoints', async () => {
    const { url } = await authorizationUrl('tiktok');
    url.searchParams.delete('client_key');
    await expect(idp.followLogin(url.href)).rejects.toThrow(/client_key/);
    const flow = await authorize('tiktok', 'a@example.com');
    const callback = new URL(CALLBACK);
    callback.searchParams.set('code', flow.answer.params.code!);
    callback.searchParams.set('state', flow.state);
    const withoutKey = client.authorizationCodeGrant(await configFor('tiktok'), callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
    });
    expect(await oauthError(withoutKey)).toBe('invalid_client');
  });
});

describe('Apple', () => {
  it('posts the user (name) with the first authorization of an email only', async () => {
    const first = await authorize('apple', 'first.apple@example.com');
    expect(JSON.parse(first.answer.params.user!)).toEqual({
      name: { firstName: 'Grace', lastName: 'Hopper' },
      email: 'first.apple@example.com',
    });
    const again = await authorize('apple', 'first.apple@example.com');
    expect(again.answer.params.user).toBeUndefined();
    expect(again.answer.params.code).toBeTruthy();
  });

  it('requires form_post when asking for name or email', async () => {
    const { url } = await authorizationUrl('apple');
    url.searchParams.delete('response_mode');
    await expect(idp.followLogin(url.href)).rejects.toThrow(/form_post/);
  });

  it('refuses a client secret JWT not signed with the developer key', async () => {
    const flow = await authorize('apple', 'a@example.com');
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await appleClientSecret({ key: privateKey });
    expect(await oauthError(exchange('apple', flow, { config: await configFor('apple', { secret: forged }) }))).toBe(
      'invalid_client',
    );
    // The plain secret (Apple's PEM) is no JWT: refused too.
    expect(
      await oauthError(
        exchange('apple', flow, { config: await configFor('apple', { secret: providerOf('apple').clientSecret }) }),
      ),
    ).toBe('invalid_client');
  });
});

describe('attack hooks: the next ID token', () => {
  it.each([
    ['a wrong aud', { aud: 'someone-else' }],
    ['a wrong nonce', { nonce: 'not-the-nonce' }],
    ['an expired token', { expired: true }],
    ['a key not in the JWKS', { unknownKey: true }],
  ])('%s is refused by openid-client, once', async (_label, tamper) => {
    const google = providerOf('google');
    google.tamperNextIdToken(tamper);
    const flow = await authorize('google', 'a@example.com');
    expect(await oauthError(exchange('google', flow))).not.toBe('no error');
    // One-shot: the next exchange is untouched.
    const next = await authorize('google', 'a@example.com');
    expect((await exchange('google', next)).claims()?.sub).toBe(google.subjectFor('a@example.com'));
  });
});

describe('attack hooks: failing endpoints', () => {
  it('the next token request answers the error asked for', async () => {
    providerOf('github').failNextToken({ status: 429, error: 'slow_down' });
    const flow = await authorize('github', 'a@example.com');
    const error = await exchange('github', flow).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ResponseBodyError);
    expect((error as client.ResponseBodyError).status).toBe(429);
    expect((await exchange('github', flow)).access_token).toBeTruthy();
  });

  it("the next token request hangs with 'hang' (the caller's own timeout ends it)", async () => {
    providerOf('github').failNextToken('hang');
    const hung = fetch(providerOf('github').endpoints.token, { method: 'POST', signal: AbortSignal.timeout(300) });
    await expect(hung).rejects.toThrow(/timeout|aborted/i);
    const flow = await authorize('github', 'a@example.com');
    expect((await exchange('github', flow)).access_token).toBeTruthy();
  });

  it('the next profile request fails; a bad or foreign access token gets 401', async () => {
    const github = providerOf('github');
    const flow = await authorize('github', 'a@example.com');
    const { access_token } = await exchange('github', flow);
    const profile = (token: string) =>
      fetch(github.endpoints.userinfo, { headers: { authorization: `Bearer ${token}` } });
    github.failNextUserinfo({ status: 503, error: 'temporarily_unavailable' });
    expect((await profile(access_token)).status).toBe(503);
    expect((await profile(access_token)).status).toBe(200);
    expect((await profile('not-a-token')).status).toBe(401);
    expect((await fetch(github.endpoints.userinfo)).status).toBe(401);
    const twitterFlow = await authorize('twitter', 'a@example.com');
    const twitterToken = (await exchange('twitter', twitterFlow)).access_token;
    expect((await profile(twitterToken)).status).toBe(401);
  });
});

describe('attack hooks: the JWKS', () => {
  it('an ID token cannot be verified while the JWKS fails; the next fetch serves it again', async () => {
    providerOf('google').failNextJwks({ status: 500, error: 'server_error' });
    const flow = await authorize('google', 'jwks@example.com');
    expect(await oauthError(exchange('google', flow))).toMatch(/unexpected HTTP response status code/);
    const next = await authorize('google', 'jwks@example.com');
    expect((await exchange('google', next)).claims()?.email).toBe('jwks@example.com');
  });
});

describe('the login page', () => {
  it('says it is a stand-in, under a strict CSP, with the email and name fields', async () => {
    const { url } = await authorizationUrl('google');
    const first = await fetch(url, { redirect: 'manual' });
    const page = await fetch(new URL(first.headers.get('location')!, url), {
      headers: {
        cookie: first.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = await page.text();
    expect(html).toContain(
      'Development stand-in for Google — not the real Google. For local development and tests only.',
    );
    expect(html).toMatch(/name="email"[^>]*value="ada.lovelace@example.com"/);
    expect(html).toMatch(/value="continue">Continue</);
    expect(html).toMatch(/value="cancel"[^>]*>Cancel</);
    expect(html).not.toMatch(/<script>|on(click|submit)=/);
  });
});
