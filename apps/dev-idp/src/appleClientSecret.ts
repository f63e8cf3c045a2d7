import { decodeProtectedHeader, jwtVerify } from 'jose';

/** Apple caps a client secret's lifetime at six months (15777000 s). */
const MAX_LIFETIME_SEC = 15_777_000;

/**
 * Checks a "Sign in with Apple" client secret as Apple documents it (developer.apple.com, "Creating a
 * client secret"): an ES256 JWT, `kid` = the key id, `iss` = the team id, `sub` = the client id,
 * `aud` = Apple's issuer, `exp` at most six months after `iat`. Returns the problem, or null.
 */
export async function checkAppleClientSecret(
  secret: string | null,
  expected: { teamId: string; keyId: string; publicKey: CryptoKey; clientId: string; audience: string },
): Promise<string | null> {
  if (!secret) return 'client_secret is required';
  try {
    const header = decodeProtectedHeader(secret);
    if (header.kid !== expected.keyId) return 'client_secret: unknown kid';
    const { payload } = await jwtVerify(secret, expected.publicKey, {
      algorithms: ['ES256'],
      issuer: expected.teamId,
      subject: expected.clientId,
      audience: expected.audience,
      requiredClaims: ['iat', 'exp'],
    });
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > MAX_LIFETIME_SEC) return 'client_secret: lifetime over six months';
    return null;
  } catch (error) {
    return `client_secret: ${error instanceof Error ? error.message : 'invalid'}`;
  }
}
