import { LatchError, type OAuthProvider, type WireOAuthProviderTokens } from '@latch/protocol';
import { OAUTH_LIMIT } from '@latch/protocol/oauth';
import * as client from 'openid-client';
import type { Clock } from '../../kernel/clock.js';
import { appleClientSecret } from './appleClientSecret.js';
import { type OAuthPublicConfig, resolveEndpoints } from './oauthCredentials.js';
import { type OAuthProfile, PROVIDERS } from './providers.js';

/** An app's credentials for one provider: the public config and the opened secret (Apple: the .p8 key PEM). */
export interface ProviderCredentials {
  publicConfig: OAuthPublicConfig;
  secret: string | null;
}

/** The authorization request's values that the server chooses or the browser sent. */
interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  nonce: string | null;
}

/** What a successful exchange yields. */
export interface ExchangeResult {
  profile: OAuthProfile;
  tokens: WireOAuthProviderTokens;
}

/** The client for one app and provider: openid-client's Configuration with the provider's client authentication. */
async function configurationOf(
  provider: OAuthProvider,
  credentials: ProviderCredentials,
  clock: Clock,
  timeoutMs: number,
): Promise<client.Configuration> {
  const definition = PROVIDERS[provider];
  const { publicConfig } = credentials;
  const { endpoints, insecure } = resolveEndpoints(provider, publicConfig.endpoints);
  const metadata: client.ServerMetadata = {
    // Non-OIDC providers have no issuer; nothing checks it for them (no ID token, no `iss` response parameter).
    issuer: endpoints.issuer ?? new URL(endpoints.authorization).origin,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    ...(definition.profileFrom === 'userinfo' ? { userinfo_endpoint: endpoints.userinfo } : {}),
    ...(endpoints.jwks ? { jwks_uri: endpoints.jwks } : {}),
  };
  let secret = credentials.secret ?? undefined;
  if (provider === 'apple') {
    if (!secret) throw new LatchError('disallowed_login_method', 'Apple login has no private key configured.');
    secret = await appleClientSecret({
      privateKeyPem: secret,
      teamId: publicConfig.team_id ?? '',
      keyId: publicConfig.key_id ?? '',
      clientId: publicConfig.client_id,
      audience: endpoints.issuer ?? 'https://appleid.apple.com',
      now: clock.now(),
    });
  }
  const auth = definition.tokenAuth === 'basic' ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret);
  // openid-client's clock follows the server's (ID token exp/iat against the same time as everything else).
  const skew = Math.round((clock.now().getTime() - Date.now()) / 1000);
  const clientMetadata: Partial<client.ClientMetadata> = { client_secret: secret, [client.clockSkew]: skew };
  const config = new client.Configuration(metadata, publicConfig.client_id, clientMetadata, auth);
  config.timeout = Math.max(1, Math.ceil(timeoutMs / 1000));
  if (insecure) client.allowInsecureRequests(config);
  // openid-client trusts an ID token from the token endpoint over TLS without checking its signature
  // (OIDC Core §3.1.3.7 allows it); we check it against the provider's JWKS all the same.
  if (definition.oidc) client.enableNonRepudiationChecks(config);
  if (provider === 'instagram') config[client.customFetch] = instagramTokenFetch(endpoints.token);
  return config;
}

/**
 * Instagram's token endpoint answers `{ access_token, user_id, permissions }` without the `token_type`
 * RFC 6749 §5.1 requires (and openid-client checks); its tokens are bearer tokens, so the type is added.
 */
function instagramTokenFetch(tokenEndpoint: string): client.CustomFetch {
  return async (url, options) => {
    const response = await fetch(url, options as RequestInit);
    if (url !== tokenEndpoint || !response.ok) return response;
    const body = (await response.json()) as Record<string, unknown>;
    body.token_type ??= 'bearer';
    return Response.json(body, { status: response.status, headers: response.headers });
  };
}

/** The provider's authorization URL for this request (the browser's S256 challenge, the state, the nonce). */
export function authorizationUrl(
  provider: OAuthProvider,
  credentials: ProviderCredentials,
  request: AuthorizationRequest,
): string {
  const definition = PROVIDERS[provider];
  const { endpoints, insecure } = resolveEndpoints(provider, credentials.publicConfig.endpoints);
  // Only the authorization endpoint is used here: no secret (Apple's JWT) is made for a URL.
  const config = new client.Configuration(
    {
      issuer: endpoints.issuer ?? new URL(endpoints.authorization).origin,
      authorization_endpoint: endpoints.authorization,
    },
    credentials.publicConfig.client_id,
  );
  if (insecure) client.allowInsecureRequests(config);
  const scopes = credentials.publicConfig.scopes ?? definition.scopes;
  const params: Record<string, string> = {
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: scopes.join(definition.scopeSeparator ?? ' '),
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    ...(request.nonce ? { nonce: request.nonce } : {}),
    ...definition.authorizeParams?.(credentials.publicConfig.client_id),
  };
  return client.buildAuthorizationUrl(config, params).href;
}

/**
 * Exchanges the authorization code (openid-client: token request with the verifier, ID token verified
 * against the provider's JWKS with iss, aud, exp and nonce) and reads the profile. Provider failures
 * become catalogue errors (`providerFailure`); nothing of the code, tokens or secret reaches a message.
 */
export async function exchangeCode(
  provider: OAuthProvider,
  credentials: ProviderCredentials,
  request: { redirectUri: string; code: string; state: string; codeVerifier: string; nonce: string | null },
  clock: Clock,
  timeoutMs: number = OAUTH_LIMIT.providerTimeoutMs,
): Promise<ExchangeResult> {
  const definition = PROVIDERS[provider];
  try {
    const config = await configurationOf(provider, credentials, clock, timeoutMs);
    const callback = new URL(request.redirectUri);
    callback.searchParams.set('code', request.code);
    callback.searchParams.set('state', request.state);
    const tokens = await client.authorizationCodeGrant(
      config,
      callback,
      {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        ...(definition.oidc ? { expectedNonce: request.nonce ?? undefined, idTokenExpected: true } : {}),
      },
      definition.tokenParams?.(credentials.publicConfig.client_id),
    );
    const claims = definition.oidc ? (tokens.claims() as Record<string, unknown> | undefined) : undefined;
    let userinfo: unknown;
    if (definition.profileFrom === 'userinfo') {
      userinfo = definition.oidc
        ? // OIDC user-info must be about the ID token's subject (OpenID Connect Core §5.3.4).
          await client.fetchUserInfo(config, tokens.access_token, String(claims?.sub ?? ''))
        : await fetchProfile(config, tokens.access_token, config.serverMetadata().userinfo_endpoint as string);
    }
    const profile = definition.profile({ userinfo, claims });
    return {
      profile,
      tokens: {
        provider,
        access_token: tokens.access_token,
        access_token_expires_in_seconds: tokens.expiresIn() ?? null,
        refresh_token: tokens.refresh_token ?? null,
        scopes: tokens.scope ? tokens.scope.split(/[ ,]+/).filter(Boolean) : [],
      },
    };
  } catch (error) {
    throw providerFailure(provider, error);
  }
}

/** GET the provider's own (non-OIDC) profile endpoint with the access token (bearer, JSON). */
async function fetchProfile(config: client.Configuration, accessToken: string, url: string): Promise<unknown> {
  const headers = new Headers({ accept: 'application/json', 'user-agent': 'Latch' });
  const response = await client.fetchProtectedResource(config, accessToken, new URL(url), 'GET', null, headers);
  if (!response.ok) throw new ProviderHttpError(response.status, await response.json().catch(() => null));
  return response.json();
}

/** A provider endpoint answered an HTTP error (with its JSON body, null when it had none). */
class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`The provider answered HTTP ${status}.`);
  }
}

/** The HTTP status somewhere on the error's chain (openid-client puts the Response in `cause`), if any. */
function statusOf(error: unknown): number | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof Response) return e.status;
    const status = (e as { status?: unknown }).status;
    if (typeof status === 'number') return status;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when the provider did not answer: a timeout, a refused or reset connection, a DNS failure. */
function unreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return true;
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The catalogue error for a failed exchange: a profile answer the provider defines as a suspended account
 * `oauth_account_suspended` (X's `user-suspended`); 429 from the provider `too_many_requests`; no answer
 * `unknown_auth_error` saying so; anything else (an error response, a bad code, a replayed code, a
 * wrong verifier, an ID token that does not verify) `unknown_auth_error`.
 */
function providerFailure(provider: OAuthProvider, error: unknown): LatchError {
  if (error instanceof LatchError) return error;
  if (error instanceof ProviderHttpError && PROVIDERS[provider].suspended?.(error.status, error.body)) {
    return new LatchError('oauth_account_suspended', `Your ${provider} account is suspended.`);
  }
  if (statusOf(error) === 429) {
    return new LatchError('too_many_requests', `The ${provider} sign-in service is busy. Please try again later.`);
  }
  if (unreachable(error))
    return new LatchError('unknown_auth_error', `The ${provider} sign-in service did not answer.`);
  return new LatchError('unknown_auth_error');
}
