import { importJWK, type JWK, SignJWT } from 'jose';

/** Changes a test asks for in a provider's next ID token (re-signed after the change). */
export interface IdTokenTamper {
  /** Another audience than the client id. */
  aud?: string;
  /** Another nonce than the one the client sent. */
  nonce?: string;
  /** Another issuer. */
  iss?: string;
  /** Expired an hour ago. */
  expired?: boolean;
  /** Signed by a key that is not in the provider's JWKS (same `kid`: only the signature can tell). */
  unknownKey?: boolean;
  /** Any other claims to set. */
  claims?: Record<string, unknown>;
}

/** A token response (JSON text) whose ID token is re-signed with a test's changes (RS256, the JWKS key's kid). */
export async function tamperIdToken(
  body: string,
  tamper: IdTokenTamper,
  keys: { signingKey: JWK; unknownKey: CryptoKey },
): Promise<string> {
  const json = JSON.parse(body) as { id_token?: string };
  if (!json.id_token) return body;
  const [, payloadPart] = json.id_token.split('.');
  const payload = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  Object.assign(
    payload,
    tamper.aud !== undefined ? { aud: tamper.aud } : {},
    tamper.nonce !== undefined ? { nonce: tamper.nonce } : {},
    tamper.iss !== undefined ? { iss: tamper.iss } : {},
    tamper.expired ? { iat: now - 7200, exp: now - 3600 } : {},
    tamper.claims ?? {},
  );
  const key = tamper.unknownKey ? keys.unknownKey : await importJWK(keys.signingKey, 'RS256');
  json.id_token = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: keys.signingKey.kid }).sign(key);
  return JSON.stringify(json);
}
