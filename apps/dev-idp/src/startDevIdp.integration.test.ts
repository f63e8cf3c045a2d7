import { OAUTH_PROVIDERS, type OAuthProvider } from '@latch/protocol';
import { importPKCS8, SignJWT } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DevIdp, DevIdpProvider } from './index.js';
import { startDevIdp } from './index.js';

// The stand-ins through a real OAuth client (openid-client, what the server uses): every provider's
// full authorization code flow with PKCE, the provider quirks, and the attack hooks doing what they say.

const CALLBACK = 'http://localhost:8787/api/v1/oauth/callback';
let idp: DevIdp;

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [CALLBACK] });
});
afterAll(async () => {
  await idp.close();
});
beforeEach(() => {
  for (const p of Object.values(idp.providers)) p.reset();
});

const providerOf = (name: OAuthProvider): DevIdpProvider => idp.providers[name]!;

/** Apple's client secret: an ES256 JWT signed with the developer's key (as the server makes it). */
async function appleClientSecret(options: { key?: string } = {}): Promise<string> {
  const apple = idp.providers.apple!;
  const key = await importPKCS8(options.key ?? apple.privateKeyPem, 'ES256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
    .setIssuer(apple.teamId)
    .setSubject(apple.clientId)
    .setAudience(apple.endpoints.issuer!)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

/** An openid-client configuration for a stand-in, as the server builds one from the provider's endpoints. */
async function configFor(name: OAuthProvider, secret?: string): Promise<client.Configuration> {
  const p = providerOf(name);
  const clientSecret = secret ?? (name === 'apple' ? await appleClientSecret() : p.clientSecret);
  const auth =
    p.tokenEndpointAuth === 'basic' ? client.ClientSecretBasic(clientSecret) : client.ClientSecretPost(clientSecret);
  const config = new client.Configuration(
    {
      issuer: p.endpoints.issuer ?? new URL(p.endpoints.authorization).origin,
      authorization_endpoint: p.endpoints.authorization,
      token_endpoint: p.endpoints.token,
      userinfo_endpoint: p.endpoints.userinfo,
      ...(p.endpoints.jwks ? { jwks_uri: p.endpoints.jwks } : {}),
    },
    p.clientId,
    undefined,
    auth,
  );
  client.allowInsecureRequests(config);
  return config;
}

const EXTRA: Partial<Record<OAuthProvider, Record<string, string>>> = {
  apple: { response_mode: 'form_post' },
  tiktok: {},
};

/** Runs the authorization up to the code (login page submitted as `email`); returns what the token step needs. */
async function authorize(name: OAuthProvider, email: string, extra: Record<string, string> = {}) {
  const p = providerOf(name);
  const config = await configFor(name);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = p.endpoints.issuer ? client.randomNonce() : undefined;
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: p.scopes.join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(nonce ? { nonce } : {}),
    ...(name === 'tiktok' ? { client_key: p.clientId } : {}),
    ...EXTRA[name],
    ...extra,
  });
  const answer = await idp.followLogin(url.href, { email, name: 'Grace Hopper' });
  return { config, verifier, state, nonce, answer };
}

/** The code exchange as the server does it (a fresh configuration: Apple's secret is minted per request). */
async function exchange(name: OAuthProvider, flow: Awaited<ReturnType<typeof authorize>>, verifier = flow.verifier) {
  const callback = new URL(CALLBACK);
  callback.searchParams.set('code', flow.answer.params.code!);
  callback.searchParams.set('state', flow.answer.params.state!);
  return client.authorizationCodeGrant(
    await configFor(name),
    callback,
    { pkceCodeVerifier: verifier, expectedState: flow.state, ...(flow.nonce ? { expectedNonce: flow.nonce } : {}) },
    name === 'tiktok' ? { client_key: providerOf(name).clientId } : undefined,
  );
}

describe('every provider: authorization code with PKCE', () => {
  it.each(OAUTH_PROVIDERS)('%s: login page, code, token, profile', async (name) => {
    const p = providerOf(name);
    const email = `grace.${name}@example.com`;
    const flow = await authorize(name, email);
    expect(flow.answer.method).toBe(name === 'apple' ? 'POST' : 'GET');
    expect(flow.answer.redirectUri).toBe(CALLBACK);
    expect(flow.answer.params.state).toBe(flow.state);
    const tokens = await exchange(name, flow);
    expect(tokens.access_token).toBeTruthy();
    const subject = p.subjectFor(email);
    if (p.endpoints.issuer) {
      const claims = tokens.claims()!;
      expect(claims.sub).toBe(subject);
      expect(claims.email).toBe(email);
    }
    if (name === 'apple') return; // Apple has no user-info endpoint: the ID token is the profile.
    const fields =
      name === 'tiktok' ? '?fields=open_id,display_name' : name === 'instagram' ? '?fields=user_id,username' : '';
    const res = await fetch(`${p.endpoints.userinfo}${fields}`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
    const profile = (await res.json()) as Record<string, unknown>;
    const expected: Record<OAuthProvider, unknown> = {
      google: { sub: subject, email, name: 'Grace Hopper' },
      linkedin: { sub: subject, email, name: 'Grace Hopper' },
      apple: undefined,
      github: { id: Number(subject), login: `grace.${name}`, name: 'Grace Hopper', email },
      discord: { id: subject, global_name: 'Grace Hopper', email },
      twitter: { data: { id: subject, name: 'Grace Hopper', username: `grace.${name}` } },
      spotify: { id: subject, display_name: 'Grace Hopper', email },
      instagram: { user_id: subject, username: `grace.${name}` },
      tiktok: { data: { user: { open_id: subject, display_name: 'Grace Hopper' } } },
    };
    expect(profile).toMatchObject(expected[name] as object);
  });

  it('the subject is stable per email and differs per provider', () => {
    const google = providerOf('google');
    expect(google.subjectFor('a@example.com')).toBe(google.subjectFor('A@example.com'));
    expect(google.subjectFor('a@example.com')).not.toBe(google.subjectFor('b@example.com'));
    expect(providerOf('discord').subjectFor('a@example.com')).not.toBe(google.subjectFor('a@example.com'));
  });
});
