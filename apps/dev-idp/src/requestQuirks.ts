import type { OAuthProvider } from '@latch/protocol';
import { checkAppleClientSecret } from './appleClientSecret.js';
import type { StandInDefinition } from './providers.js';

/** What checking Apple's client-secret JWT needs, and the secret oidc-provider knows the client by. */
export interface AppleClientCheck {
  teamId: string;
  keyId: string;
  publicKey: CryptoKey;
  clientId: string;
  audience: string;
  internalSecret: string;
}

/**
 * The real providers' authorization request quirks, applied to `search` in place: TikTok names the client
 * `client_key` (required) and separates scopes with commas; Apple always issues an ID token (adds `openid`) and
 * requires form_post when asking for name or email. Returns the refusal's text, or null.
 */
export function adaptAuthorizationRequest(
  name: OAuthProvider,
  def: StandInDefinition,
  search: URLSearchParams,
): string | null {
  // The login page shows every time (an account chooser and an implied consent in one): the providers' own
  // prompt values (Google's consent and select_account, Discord's consent and none) need nothing more, and
  // oidc-provider would refuse them. An OIDC provider keeps login and none.
  const prompt = search.get('prompt');
  if (prompt !== null) {
    const kept = def.oidc ? prompt.split(' ').filter((value) => value === 'login' || value === 'none') : [];
    if (kept.length > 0) search.set('prompt', kept.join(' '));
    else search.delete('prompt');
  }
  if (name === 'tiktok') {
    const key = search.get('client_key');
    if (!key || (search.has('client_id') && search.get('client_id') !== key)) {
      return 'invalid_request: client_key is required (TikTok names the client client_key).';
    }
    search.set('client_id', key);
    // TikTok separates scopes with commas (oidc-provider reads spaces).
    const scope = search.get('scope');
    if (scope)
      search.set(
        'scope',
        scope
          .split(/[,\s]+/)
          .filter(Boolean)
          .join(' '),
      );
  }
  if (name === 'apple') {
    const scopes = (search.get('scope') ?? '').split(' ').filter(Boolean);
    if (scopes.some((s) => s === 'name' || s === 'email') && search.get('response_mode') !== 'form_post') {
      return 'invalid_request: response_mode must be form_post when name or email scope is requested.';
    }
    if (!scopes.includes('openid')) search.set('scope', ['openid', ...scopes].join(' '));
  }
  return null;
}

/**
 * The token request's client authentication as the real provider documents it, applied to `form` in place:
 * Basic or POST only where the provider documents one (oidc-provider alone takes both), TikTok's `client_key`,
 * Apple's client-secret JWT (checked, then swapped for the secret oidc-provider knows). Returns the refusal's
 * `error_description` (an `invalid_client`), or null.
 */
export async function adaptTokenRequest(
  name: OAuthProvider,
  def: StandInDefinition,
  authorization: string | undefined,
  form: URLSearchParams,
  apple: AppleClientCheck | null,
): Promise<string | null> {
  const basic = /^Basic /i.test(authorization ?? '');
  if (def.tokenAuth === 'basic' && (!basic || form.has('client_secret')))
    return `${def.label} takes the client credentials in HTTP Basic authentication only`;
  if (def.tokenAuth === 'post' && basic) return `${def.label} takes the client credentials in the POST body only`;
  if (name === 'tiktok') {
    const key = form.get('client_key');
    if (!key || (form.has('client_id') && form.get('client_id') !== key))
      return 'client_key is required (TikTok names the client client_key)';
    form.set('client_id', key);
  }
  if (name === 'apple' && apple) {
    const problem = await checkAppleClientSecret(form.get('client_secret'), apple);
    if (problem) return problem;
    form.set('client_secret', apple.internalSecret);
  }
  return null;
}
