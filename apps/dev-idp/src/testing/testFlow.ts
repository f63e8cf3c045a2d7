import type { OAuthProvider } from '@latch/protocol';
import { importPKCS8, SignJWT } from 'jose';
import * as client from 'openid-client';
import type { DevIdp, DevIdpProvider } from '../index.js';

// The OAuth client side of the stand-ins' tests: what the server does with openid-client, for one provider.

/** The Latch callback URL the tests register. */
export const CALLBACK = 'http://localhost:8787/api/v1/oauth/callback';

/** Flows against one running dev IdP (redirect URI: `getCallback()`). */
export function testFlow(getIdp: () => DevIdp, getCallback: () => string = () => CALLBACK) {
  const providerOf = (name: OAuthProvider): DevIdpProvider => getIdp().providers[name]!;

  /** Apple's client secret: an ES256 JWT signed with the developer's key (as the server makes it). */
  async function appleClientSecret(options: { key?: CryptoKey } = {}): Promise<string> {
    const apple = getIdp().providers.apple!;
    const key = options.key ?? (await importPKCS8(apple.privateKeyPem, 'ES256'));
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
  async function configFor(
    name: OAuthProvider,
    options: { secret?: string; auth?: 'basic' | 'post' } = {},
  ): Promise<client.Configuration> {
    const p = providerOf(name);
    const secret = options.secret ?? (name === 'apple' ? await appleClientSecret() : p.clientSecret);
    const method = options.auth ?? (p.tokenEndpointAuth === 'basic' ? 'basic' : 'post');
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
      method === 'basic' ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret),
    );
    client.allowInsecureRequests(config);
    // openid-client checks an ID token's signature against the JWKS only with this (else it trusts TLS).
    if (p.endpoints.jwks) client.enableNonRepudiationChecks(config);
    return config;
  }

  /** The authorization URL the server would answer for `name` (Apple: form_post; TikTok: client_key). */
  async function authorizationUrl(name: OAuthProvider, extra: Record<string, string> = {}) {
    const p = providerOf(name);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = p.endpoints.issuer ? client.randomNonce() : undefined;
    const url = client.buildAuthorizationUrl(await configFor(name), {
      redirect_uri: getCallback(),
      scope: p.scopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...(nonce ? { nonce } : {}),
      ...(name === 'tiktok' ? { client_key: p.clientId } : {}),
      ...(name === 'apple' ? { response_mode: 'form_post' } : {}),
      ...extra,
    });
    return { url, verifier, state, nonce };
  }

  /** Runs the authorization up to the code (login page submitted as `email`). */
  async function authorize(name: OAuthProvider, email: string, extra: Record<string, string> = {}) {
    const start = await authorizationUrl(name, extra);
    const answer = await getIdp().followLogin(start.url.href, { email, name: 'Grace Hopper' });
    return { ...start, answer };
  }

  /** The code exchange as the server does it (a fresh configuration: Apple's secret is minted per request). */
  async function exchange(
    name: OAuthProvider,
    flow: Awaited<ReturnType<typeof authorize>>,
    options: { verifier?: string; config?: client.Configuration } = {},
  ) {
    const callback = new URL(getCallback());
    callback.searchParams.set('code', flow.answer.params.code!);
    callback.searchParams.set('state', flow.answer.params.state!);
    return client.authorizationCodeGrant(
      options.config ?? (await configFor(name)),
      callback,
      {
        pkceCodeVerifier: options.verifier ?? flow.verifier,
        expectedState: flow.state,
        ...(flow.nonce ? { expectedNonce: flow.nonce } : {}),
      },
      name === 'tiktok' ? { client_key: providerOf(name).clientId } : undefined,
    );
  }

  return { providerOf, appleClientSecret, configFor, authorizationUrl, authorize, exchange };
}
