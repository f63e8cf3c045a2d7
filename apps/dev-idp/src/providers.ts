import { createHash } from 'node:crypto';
import type { OAuthProvider } from '@latch/protocol';

/** Who logged in at a stand-in: what its login page asked. */
export interface DevAccount {
  subject: string;
  email: string;
  name: string;
}

/**
 * How a real provider's client authenticates at its token endpoint: `basic` (HTTP Basic), `post` (in the
 * form body), or `either` where the provider documents both (then the stand-in accepts both).
 */
export type TokenAuth = 'basic' | 'post' | 'either';

/** What differs from one stand-in provider to the next (each after the real provider's documentation). */
export interface StandInDefinition {
  /** The provider's name as users know it (the login page's title). */
  label: string;
  /** OpenID Connect (ID token with nonce, JWKS, userinfo) or plain OAuth 2.0 with a profile endpoint. */
  oidc: boolean;
  /** oidc-provider's routes, at the real provider's paths where they are known (under `/<provider>`). */
  routes: { authorization: string; token: string; jwks: string; userinfo?: string };
  /** The profile endpoint of a plain OAuth provider (served by the stand-in, bearer access token). */
  profilePath?: string;
  tokenAuth: TokenAuth;
  /** The scopes the provider knows (oidc-provider drops unknown ones). */
  scopes: string[];
  /** The subject's shape at the real provider, from a digest of the email. */
  subject(digest: Buffer): string;
  /** The profile endpoint's JSON (plain OAuth providers), for the fields asked where the provider takes `fields`. */
  profile?(account: DevAccount, fields: string[] | null): unknown;
  /** The OIDC claims (ID token and userinfo) beyond `sub`. */
  claims?(account: DevAccount): Record<string, unknown>;
}

/** `digits` decimal digits from a digest (first digit never 0). */
function digitsOf(digest: Buffer, digits: number): string {
  const n = BigInt(`0x${digest.toString('hex')}`);
  const body = (n % 10n ** BigInt(digits - 1)).toString().padStart(digits - 1, '0');
  return `${(Number(n % 9n) + 1).toString()}${body}`;
}

const usernameOf = (account: DevAccount) =>
  account.email
    .split('@')[0]!
    .replace(/[^a-zA-Z0-9_.]/g, '_')
    .slice(0, 30) || 'user';

const splitName = (name: string) => {
  const [given, ...rest] = name.trim().split(/\s+/);
  return { given_name: given ?? '', family_name: rest.join(' ') };
};

/** Only the requested fields (providers that take `fields=`), always with `always`. */
function pick(all: Record<string, unknown>, fields: string[] | null, always: string[]): Record<string, unknown> {
  if (!fields) return all;
  return Object.fromEntries(Object.entries(all).filter(([key]) => always.includes(key) || fields.includes(key)));
}

/** The nine stand-ins. Comments cite the provider documentation each one follows. */
export const STAND_INS: Record<OAuthProvider, StandInDefinition> = {
  // developers.google.com/identity/openid-connect/openid-connect: OIDC, `sub` is a 21-digit number,
  // client auth by POST or Basic.
  google: {
    label: 'Google',
    oidc: true,
    routes: { authorization: '/o/oauth2/v2/auth', token: '/token', userinfo: '/v1/userinfo', jwks: '/oauth2/v3/certs' },
    tokenAuth: 'either',
    // drive.appdata: cloud backups in the Drive stand-in's hidden app-data folder (googleDrive.ts).
    scopes: ['openid', 'email', 'profile', 'offline_access', 'https://www.googleapis.com/auth/drive.appdata'],
    subject: (d) => digitsOf(d, 21),
    claims: (a) => ({
      email: a.email,
      email_verified: true,
      name: a.name,
      ...splitName(a.name),
    }),
  },
  // developer.apple.com/documentation/sign_in_with_apple: OIDC without userinfo; the ID token carries
  // the email; the name arrives once, in the first authorization's `user` form field (form_post).
  // Client secret: an ES256 JWT signed with the developer's key (checked before oidc-provider sees it).
  apple: {
    label: 'Apple',
    oidc: true,
    routes: { authorization: '/auth/authorize', token: '/auth/token', jwks: '/auth/keys' },
    tokenAuth: 'post',
    scopes: ['openid', 'name', 'email'],
    subject: (d) =>
      `00${digitsOf(d.subarray(0, 8), 4)}.${d.subarray(8, 24).toString('hex')}.${digitsOf(d.subarray(24), 4)}`,
    claims: (a) => ({ email: a.email, email_verified: true, is_private_email: false }),
  },
  // learn.microsoft.com/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2: OIDC,
  // client credentials in the POST body.
  linkedin: {
    label: 'LinkedIn',
    oidc: true,
    routes: {
      authorization: '/oauth/v2/authorization',
      token: '/oauth/v2/accessToken',
      userinfo: '/v2/userinfo',
      jwks: '/oauth/openid/jwks',
    },
    tokenAuth: 'post',
    scopes: ['openid', 'profile', 'email'],
    subject: (d) => d.toString('base64url').replace(/[-_]/g, 'x').slice(0, 10),
    claims: (a) => ({ email: a.email, email_verified: true, name: a.name, ...splitName(a.name), locale: 'en_US' }),
  },
  // docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps and
  // docs.github.com/en/rest/users/users#get-the-authenticated-user: GET /user {id (number), login, name, email}.
  github: {
    label: 'GitHub',
    oidc: false,
    routes: { authorization: '/login/oauth/authorize', token: '/login/oauth/access_token', jwks: '/jwks' },
    profilePath: '/user',
    tokenAuth: 'either',
    scopes: ['read:user', 'user:email'],
    subject: (d) => digitsOf(d, 8),
    profile: (a) => ({
      login: usernameOf(a),
      id: Number(a.subject),
      node_id: `U_${a.subject}`,
      avatar_url: null,
      type: 'User',
      name: a.name,
      email: a.email,
    }),
  },
  // discord.com/developers/docs/topics/oauth2 and /resources/user: GET /api/users/@me (snowflake id).
  discord: {
    label: 'Discord',
    oidc: false,
    routes: { authorization: '/oauth2/authorize', token: '/api/oauth2/token', jwks: '/jwks' },
    profilePath: '/api/users/@me',
    tokenAuth: 'either',
    scopes: ['identify', 'email'],
    subject: (d) => digitsOf(d, 18),
    profile: (a) => ({
      id: a.subject,
      username: usernameOf(a).toLowerCase(),
      global_name: a.name,
      discriminator: '0',
      avatar: null,
      email: a.email,
      verified: true,
    }),
  },
  // developer.x.com/en/docs/authentication/oauth-2-0/authorization-code: confidential clients use
  // HTTP Basic; GET /2/users/me answers {data: {id, name, username}} (no email).
  twitter: {
    label: 'X (Twitter)',
    oidc: false,
    routes: { authorization: '/i/oauth2/authorize', token: '/2/oauth2/token', jwks: '/jwks' },
    profilePath: '/2/users/me',
    tokenAuth: 'basic',
    scopes: ['users.read', 'tweet.read', 'offline.access'],
    subject: (d) => digitsOf(d, 19),
    profile: (a) => ({ data: { id: a.subject, name: a.name, username: usernameOf(a) } }),
  },
  // developer.spotify.com/documentation/web-api/tutorials/code-pkce-flow and /reference/get-current-users-profile.
  spotify: {
    label: 'Spotify',
    oidc: false,
    routes: { authorization: '/authorize', token: '/api/token', jwks: '/jwks' },
    profilePath: '/v1/me',
    tokenAuth: 'either',
    scopes: ['user-read-email', 'user-read-private'],
    subject: (d) =>
      d
        .toString('hex')
        .replace(/[0-9]/g, (c) => 'ghijklmnop'[Number(c)]!)
        .slice(0, 25),
    profile: (a) => ({
      id: a.subject,
      display_name: a.name,
      email: a.email,
      type: 'user',
      uri: `spotify:user:${a.subject}`,
      images: [],
    }),
  },
  // developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login:
  // token request with credentials in the body; GET /me?fields=user_id,username.
  instagram: {
    label: 'Instagram',
    oidc: false,
    routes: { authorization: '/oauth/authorize', token: '/oauth/access_token', jwks: '/jwks' },
    profilePath: '/me',
    tokenAuth: 'post',
    scopes: ['instagram_business_basic', 'user_profile'],
    subject: (d) => digitsOf(d, 17),
    profile: (a, fields) =>
      pick({ id: a.subject, user_id: a.subject, username: usernameOf(a).toLowerCase(), name: a.name }, fields, ['id']),
  },
  // developers.tiktok.com/doc/login-kit-web and /doc/tiktok-api-v2-get-user-info: `client_key` instead of
  // client_id, credentials in the body; GET /v2/user/info/?fields=… answers {data: {user: {…}}, error}.
  tiktok: {
    label: 'TikTok',
    oidc: false,
    routes: { authorization: '/v2/auth/authorize', token: '/v2/oauth/token', jwks: '/jwks' },
    profilePath: '/v2/user/info/',
    tokenAuth: 'post',
    scopes: ['user.info.basic', 'user.info.profile'],
    subject: (d) => {
      const h = d.toString('hex');
      return `-000${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
    },
    profile: (a, fields) => ({
      data: {
        user: pick(
          {
            open_id: a.subject,
            union_id: `u${a.subject}`,
            display_name: a.name,
            avatar_url: '',
            username: usernameOf(a),
          },
          fields,
          [],
        ),
      },
      error: { code: 'ok', message: '', log_id: 'dev-idp' },
    }),
  },
};

/** The stable subject of an email at a provider (same email, same subject; differs per provider). */
export function subjectFor(provider: OAuthProvider, email: string): string {
  const digest = createHash('sha256').update(`${provider}:${email.trim().toLowerCase()}`).digest();
  return STAND_INS[provider].subject(digest);
}
