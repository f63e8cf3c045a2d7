import { randomBytes } from 'node:crypto';
import type { OAuthProvider } from '@latch/protocol';
import type { JWK } from 'jose';
import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import { memoryAdapterFactory } from './memoryAdapter.js';
import { errorPage } from './pages.js';
import { type DevAccount, STAND_INS } from './providers.js';

/**
 * oidc-provider's configuration for one stand-in: its one client (PKCE required, the provider's token-endpoint
 * auth), the login page on every authorization with consent implied, the real provider's routes and claims.
 */
export function providerConfiguration(options: {
  name: OAuthProvider;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  signingKey: JWK;
  accounts: Map<string, DevAccount>;
}): Record<string, unknown> {
  const { name, clientId, clientSecret, redirectUris, signingKey, accounts } = options;
  const def = STAND_INS[name];
  const policy = interactionPolicy.base();
  // Consent is implied; the login page shows on every authorization (a test or a person picks who logs in).
  policy.remove('consent');
  policy
    .get('login')
    ?.checks.push(
      new interactionPolicy.Check(
        'dev_idp_every_time',
        'the stand-in asks who logs in every time',
        (ctx) => !ctx.oidc.result?.login,
      ),
    );
  const tokenAuthMethod = def.tokenAuth === 'basic' ? 'client_secret_basic' : 'client_secret_post';
  return {
    adapter: memoryAdapterFactory(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: tokenAuthMethod,
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: def.scopes,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', ...(name === 'apple' ? ['is_private_email'] : [])],
      profile: ['name', 'given_name', 'family_name', 'locale'],
    },
    // Real providers put the email in the ID token (Apple has no userinfo endpoint at all).
    conformIdTokenClaims: false,
    routes: {
      authorization: def.routes.authorization,
      token: def.routes.token,
      jwks: def.routes.jwks,
      userinfo: def.routes.userinfo ?? '/userinfo',
    },
    features: {
      devInteractions: { enabled: false },
      // Apple has no user-info endpoint (its ID token carries the email).
      userinfo: { enabled: def.oidc && name !== 'apple' },
      rpInitiatedLogout: { enabled: false },
    },
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      names: { session: `${name}_session`, interaction: `${name}_interaction`, resume: `${name}_resume` },
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      RefreshToken: 14 * 86400,
    },
    expiresWithSession: () => false,
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token') && name !== 'github' && name !== 'instagram',
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/${name}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...(def.claims?.(account) ?? {}) }) };
    },
    // Implied consent: every authorization gets a grant for the scopes it asked.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope([...oidc.requestParamScopes].join(' '));
      await grant.save();
      return grant;
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = errorPage(def.label, `${out.error}: ${out.error_description ?? ''}`);
    },
  };
}
