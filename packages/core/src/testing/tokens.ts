import { UnsecuredJWT } from 'jose';

/** An unsigned access token for unit tests (the client never verifies signatures; the server does). */
export function makeAccessToken(claims: { aud: string; expSeconds: number; sub?: string }): string {
  return new UnsecuredJWT({ sid: 'test-session' })
    .setAudience(claims.aud)
    .setSubject(claims.sub ?? 'did:latch:user')
    .setIssuer('latch.test')
    .setExpirationTime(claims.expSeconds)
    .encode();
}
