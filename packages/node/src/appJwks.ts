import { JWKS_PATH } from '@latch/protocol';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

/**
 * The app's public keys, fetched from the server's JWKS and cached (`cacheMaxAgeMs`), refetched when an
 * unknown `kid` appears (at most every 30 s): one set for access and identity tokens alike.
 */
export function appJwks(appId: string, apiUrl: string, cacheMaxAgeMs: number): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(JWKS_PATH(appId), apiUrl), {
    cacheMaxAge: cacheMaxAgeMs,
    cooldownDuration: 30_000,
    timeoutDuration: 5_000,
  });
}
