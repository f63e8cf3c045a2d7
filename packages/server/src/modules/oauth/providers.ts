import type { OAuthEndpoints, OAuthProvider } from '@latch/protocol';

/** The identity an OAuth login yields: the provider's stable subject and what it tells about the person. */
export interface OAuthProfile {
  subject: string;
  email: string | null;
  name: string | null;
  username: string | null;
}

/** What the exchange yields that a profile is built from: the provider's user-info JSON and/or the ID token's claims. */
interface ProfileSource {
  userinfo: unknown;
  claims: Record<string, unknown> | undefined;
}

/** One provider: its real endpoints, scopes, client authentication, extra authorize parameters and profile mapping. */
interface ProviderDefinition {
  provider: OAuthProvider;
  /** The provider's production endpoints; an app's credentials may override any of them (tests, the dev stand-in). */
  endpoints: OAuthEndpoints;
  scopes: string[];
  /** How the client authenticates at the token endpoint (RFC 6749 §2.3.1). */
  tokenAuth: 'basic' | 'post';
  /** OpenID Connect: an ID token is expected, verified (JWKS, iss, aud, exp, nonce) and a nonce is sent. */
  oidc: boolean;
  /** Where the profile comes from: the user-info endpoint, or the ID token alone (Apple has no user-info endpoint). */
  profileFrom: 'userinfo' | 'id_token';
  /** Extra authorization parameters (besides client_id, redirect_uri, scope, state, PKCE, nonce). */
  authorizeParams?: (clientId: string) => Record<string, string>;
  /** Extra token-endpoint parameters. */
  tokenParams?: (clientId: string) => Record<string, string>;
  /** Separator of the scope parameter: a space (RFC 6749 §3.3), or TikTok's comma. */
  scopeSeparator?: ' ' | ',';
  /** Maps the provider's documented profile to the linked account's fields; throws when the subject is missing. */
  profile: (source: ProfileSource) => OAuthProfile;
  /** True when the profile endpoint's error answer (status, JSON body) says the user's account is suspended. */
  suspended?: (status: number, body: unknown) => boolean;
}

type Json = Record<string, unknown>;

/** X API v2's problem type for a request made as a suspended user. */
const X_USER_SUSPENDED = 'https://api.twitter.com/2/problems/user-suspended';

const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** The longest profile text kept (and the longest subject accepted: OAuthUnlinkBody's bound, so it can be unlinked). */
const MAX_PROFILE_TEXT = 256;

/** A UTF-16 surrogate without its other half (JSON.stringify writes it as an escape PostgreSQL's jsonb refuses). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True for text PostgreSQL and PGlite store as given: no NUL, no lone surrogate. */
const storable = (text: string) => !text.includes('\u0000') && text.search(LONE_SURROGATE) === -1;

/**
 * Profile text as the databases take it: a provider account (or whoever posts Apple's `user` field) chooses
 * it, and a NUL or a lone surrogate made PostgreSQL and PGlite refuse the row (a 500). NULs are dropped, lone
 * surrogates become U+FFFD, and the text is cut at MAX_PROFILE_TEXT code points (never inside a character).
 */
export function profileText(value: unknown): string | null {
  const raw = str(value);
  if (raw === null) return null;
  const clean = Array.from(raw.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD'))
    .slice(0, MAX_PROFILE_TEXT)
    .join('')
    .trim();
  return clean === '' ? null : clean;
}

/** An address is kept only as given: one that is not storable or too long is no one's address (null). */
const profileEmail = (value: unknown): string | null => {
  const email = str(value);
  return email !== null && storable(email) && email.length <= MAX_PROFILE_TEXT ? email : null;
};

/**
 * A profile whose subject is present: a provider answer without one identifies nobody; nor does one the
 * databases would refuse or that is too long to unlink (refused, not changed: it is the account's key).
 */
function profileOf(subject: unknown, email: unknown, name: unknown, username: unknown): OAuthProfile {
  const id = str(subject);
  if (!id) throw new Error('The provider profile has no subject.');
  if (!storable(id) || id.length > MAX_PROFILE_TEXT) throw new Error('The provider profile has a malformed subject.');
  return { subject: id, email: profileEmail(email), name: profileText(name), username: profileText(username) };
}

/** An OIDC email claim, only when the provider says it is verified (`email_verified` absent counts as unverified). */
const verifiedEmail = (json: Json): unknown =>
  json.email_verified === true || json.email_verified === 'true' ? json.email : null;

/** The OIDC user-info (or ID token) profile: sub, email, name, preferred_username (OpenID Connect Core §5.1). */
const oidcProfile = (json: Json) => profileOf(json.sub, verifiedEmail(json), json.name, json.preferred_username);

/** The provider definitions, with the provider documentation each follows. */
export const PROVIDERS: Record<OAuthProvider, ProviderDefinition> = {
  // https://developers.google.com/identity/openid-connect/openid-connect (discovery document:
  // https://accounts.google.com/.well-known/openid-configuration).
  google: {
    provider: 'google',
    endpoints: {
      authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
      issuer: 'https://accounts.google.com',
      jwks: 'https://www.googleapis.com/oauth2/v3/certs',
    },
    scopes: ['openid', 'email', 'profile'],
    tokenAuth: 'post',
    oidc: true,
    profileFrom: 'userinfo',
    profile: ({ userinfo }) => oidcProfile(obj(userinfo)),
  },
  // https://developer.x.com/en/docs/authentication/oauth-2-0/authorization-code (confidential client: Basic);
  // https://developer.x.com/en/docs/x-api/users/lookup/api-reference/get-users-me → { data: { id, name, username } }.
  twitter: {
    provider: 'twitter',
    endpoints: {
      authorization: 'https://x.com/i/oauth2/authorize',
      token: 'https://api.x.com/2/oauth2/token',
      userinfo: 'https://api.x.com/2/users/me',
    },
    scopes: ['users.read', 'tweet.read'],
    tokenAuth: 'basic',
    oidc: false,
    profileFrom: 'userinfo',
    profile: ({ userinfo }) => {
      const data = obj(obj(userinfo).data);
      // X shares no email address through this endpoint.
      return profileOf(data.id, null, data.name, data.username);
    },
    // X API v2 answers a call made with a suspended user's token 403 with a problem of type `user-suspended`:
    // { detail: 'The user used for authentication is suspended', title: 'Forbidden', status: 403, type }.
    suspended: (status, body) => status === 403 && obj(body).type === X_USER_SUSPENDED,
  },
  // https://discord.com/developers/docs/topics/oauth2 ; GET /users/@me →
  // https://discord.com/developers/docs/resources/user#user-object { id, username, global_name, email, verified }.
  discord: {
    provider: 'discord',
    endpoints: {
      authorization: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
      userinfo: 'https://discord.com/api/users/@me',
    },
    scopes: ['identify', 'email'],
    tokenAuth: 'basic',
    oidc: false,
    profileFrom: 'userinfo',
    profile: ({ userinfo }) => {
      const json = obj(userinfo);
      // Discord marks whether the address was verified; an unverified one (or one without the mark) is not the
      // person's to claim.
      return profileOf(json.id, json.verified === true ? json.email : null, json.global_name, json.username);
    },
  },
  // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps ; GET /user →
  // https://docs.github.com/en/rest/users/users#get-the-authenticated-user { id, login, name, email }.
  github: {
    provider: 'github',
    endpoints: {
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
      userinfo: 'https://api.github.com/user',
    },
    scopes: ['read:user', 'user:email'],
    tokenAuth: 'post',
    oidc: false,
    profileFrom: 'userinfo',
    profile: ({ userinfo }) => {
      const json = obj(userinfo);
      return profileOf(json.id, json.email, json.name, json.login);
    },
  },
  // https://developer.spotify.com/documentation/web-api/tutorials/code-pkce-flow ; GET /v1/me →
  // https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile { id, display_name, email }.
  spotify: {
    provider: 'spotify',
    endpoints: {
      authorization: 'https://accounts.spotify.com/authorize',
      token: 'https://accounts.spotify.com/api/token',
      userinfo: 'https://api.spotify.com/v1/me',
    },
    scopes: ['user-read-email', 'user-read-private'],
    tokenAuth: 'basic',
    oidc: false,
    profileFrom: 'userinfo',
    profile: ({ userinfo }) => {
      const json = obj(userinfo);
      // Spotify's own reference: "This email address is unverified; there is no proof that it actually belongs
      // to the user." Any account can name anyone's address, so none is kept (a host matching on it would be taken over).
      return profileOf(json.id, null, json.display_name, null);
    },
  },
  // Instagram API with Instagram Login:
  // https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login ;
  // GET graph.instagram.com/me?fields=user_id,username → { user_id, username, id }.
  instagram: {
    provider: 'instagram',
    endpoints: {
      authorization: 'https://www.instagram.com/oauth/authorize',
      token: 'https://api.instagram.com/oauth/access_token',
      userinfo: 'https://graph.instagram.com/me?fields=user_id,username',
    },
    scopes: ['instagram_business_basic'],
    tokenAuth: 'post',
    oidc: false,
    profileFrom: 'userinfo',
    profile: ({ userinfo }) => {
      const json = obj(userinfo);
      return profileOf(json.user_id ?? json.id, null, null, json.username);
    },
  },
  // https://developers.tiktok.com/doc/login-kit-web (client_key, comma-separated scopes);
  // https://developers.tiktok.com/doc/oauth-user-access-token-management (token: client_key + client_secret in the body);
  // GET /v2/user/info/?fields=open_id,display_name → { data: { user: { open_id, display_name } } }.
  tiktok: {
    provider: 'tiktok',
    endpoints: {
      authorization: 'https://www.tiktok.com/v2/auth/authorize/',
      token: 'https://open.tiktokapis.com/v2/oauth/token/',
      userinfo: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name',
    },
    scopes: ['user.info.basic'],
    tokenAuth: 'post',
    oidc: false,
    profileFrom: 'userinfo',
    authorizeParams: (clientId) => ({ client_key: clientId }),
    tokenParams: (clientId) => ({ client_key: clientId }),
    scopeSeparator: ',',
    profile: ({ userinfo }) => {
      const user = obj(obj(obj(userinfo).data).user);
      return profileOf(user.open_id, null, user.display_name, null);
    },
  },
  // https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
  // (OpenID Connect; discovery https://www.linkedin.com/oauth/.well-known/openid-configuration).
  linkedin: {
    provider: 'linkedin',
    endpoints: {
      authorization: 'https://www.linkedin.com/oauth/v2/authorization',
      token: 'https://www.linkedin.com/oauth/v2/accessToken',
      userinfo: 'https://api.linkedin.com/v2/userinfo',
      issuer: 'https://www.linkedin.com/oauth',
      jwks: 'https://www.linkedin.com/oauth/openid/jwks',
    },
    scopes: ['openid', 'profile', 'email'],
    tokenAuth: 'post',
    oidc: true,
    profileFrom: 'userinfo',
    profile: ({ userinfo }) => oidcProfile(obj(userinfo)),
  },
  // https://developer.apple.com/documentation/sign_in_with_apple/request_an_authorization_to_the_sign_in_with_apple_server
  // (response_mode=form_post when name or email is asked); the client secret is an ES256 JWT
  // (https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret).
  // Apple has no user-info endpoint: the profile is the ID token's sub and email; the name comes only
  // once, in the `user` form field of the first authorization (recorded by the callback).
  apple: {
    provider: 'apple',
    endpoints: {
      authorization: 'https://appleid.apple.com/auth/authorize',
      token: 'https://appleid.apple.com/auth/token',
      userinfo: '',
      issuer: 'https://appleid.apple.com',
      jwks: 'https://appleid.apple.com/auth/keys',
    },
    scopes: ['openid', 'name', 'email'],
    tokenAuth: 'post',
    oidc: true,
    profileFrom: 'id_token',
    authorizeParams: () => ({ response_mode: 'form_post' }),
    profile: ({ claims }) => {
      const json = obj(claims);
      // Apple relays verified addresses only (private relay included); the claim may be a string.
      const email = json.email_verified === false || json.email_verified === 'false' ? null : json.email;
      return profileOf(json.sub, email, null, null);
    },
  },
};

/** The name Apple's first authorization posts in its `user` form field ({"name":{"firstName","lastName"}}), or null. */
export function appleUserName(userField: string | undefined): string | null {
  if (!userField || userField.length > 4096) return null;
  try {
    const name = obj(obj(JSON.parse(userField)).name);
    return profileText([profileText(name.firstName), profileText(name.lastName)].filter(Boolean).join(' '));
  } catch {
    return null;
  }
}
