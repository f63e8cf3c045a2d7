import { LatchError } from '@latch/protocol';
import { importPKCS8, SignJWT } from 'jose';

/** How long an Apple client secret lives: minutes are enough for one token request (Apple allows up to 6 months). */
const APPLE_CLIENT_SECRET_TTL_SEC = 5 * 60;

/**
 * Apple's client secret: an ES256 JWT signed with the Sign in with Apple key (.p8), header `kid` the key
 * id, claims `iss` team id, `sub` client (Services) id, `aud` https://appleid.apple.com, `iat`, `exp`
 * (https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret).
 * Made per exchange and never stored.
 */
export async function appleClientSecret(input: {
  privateKeyPem: string;
  teamId: string;
  keyId: string;
  clientId: string;
  audience: string;
  now: Date;
}): Promise<string> {
  let key: CryptoKey;
  try {
    key = await importPKCS8(input.privateKeyPem, 'ES256');
  } catch {
    // Never the key material in a message.
    throw new LatchError('unknown_auth_error', 'The Apple private key could not be read (expected a PKCS #8 .p8 PEM).');
  }
  const iat = Math.floor(input.now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: input.keyId })
    .setIssuer(input.teamId)
    .setSubject(input.clientId)
    .setAudience(input.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + APPLE_CLIENT_SECRET_TTL_SEC)
    .sign(key);
}
