import type { OAuthEndpoints } from '@latch/protocol';

/**
 * Whether the authorization response's `iss` (RFC 9207) names the provider the state was made for (OA-05, the
 * mix-up defence: a code another provider issued, delivered to the one callback, must not be sent to this
 * provider's token endpoint). An absent `iss` passes (most non-OIDC providers send none). With a declared issuer
 * (the OIDC providers) it must be equal; otherwise it must be the authorization endpoint's origin with a path that
 * is a whole-segment prefix of that endpoint's path (e.g. `https://idp.example/github` for
 * `https://idp.example/github/authorize`).
 */
export function issuerMatches(iss: string | undefined, endpoints: OAuthEndpoints): boolean {
  if (iss === undefined) return true;
  if (endpoints.issuer) return iss === endpoints.issuer;
  let issuer: URL;
  let authorization: URL;
  try {
    issuer = new URL(iss);
    authorization = new URL(endpoints.authorization);
  } catch {
    return false;
  }
  if (issuer.origin !== authorization.origin || issuer.search || issuer.hash) return false;
  const prefix = issuer.pathname.replace(/\/$/, '');
  return prefix === '' || authorization.pathname === prefix || authorization.pathname.startsWith(`${prefix}/`);
}
