import { LatchError } from '@latch/protocol';
import { errors } from 'jose';
import { NonPublicAddressError } from '../../kernel/http/publicAddress.js';

const JWKS_UNAVAILABLE = 'The issuer’s JWKS (custom_auth_config.jwks_url) could not be fetched.';

const CLAIMS: Record<string, string> = {
  iss: 'is from another issuer than the app’s custom_auth_config.issuer',
  aud: 'is for another audience than the app’s custom_auth_config.audience',
  nbf: 'is not valid yet ("nbf")',
  iat: 'has an issue time ("iat") in the future',
};

/** The refusal's message for a jose error: which check failed, never the token or a key. */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The custom auth token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return `The custom auth token has no "${error.claim}" claim.`;
    const problem = CLAIMS[error.claim];
    return problem ? `The custom auth token ${problem}.` : `The custom auth token's "${error.claim}" claim is invalid.`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return 'The custom auth token is signed with an algorithm the app does not accept (custom_auth_config.algorithms).';
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return 'The custom auth token names no key of the issuer’s JWKS.';
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return 'The custom auth token’s signature does not verify with the issuer’s key.';
  }
  if (error instanceof NonPublicAddressError) {
    return 'The issuer’s JWKS (custom_auth_config.jwks_url) is not on a public address.';
  }
  if (error instanceof errors.JWKSTimeout)
    return 'The issuer’s JWKS (custom_auth_config.jwks_url) did not answer in time.';
  if (error instanceof errors.JWKSInvalid)
    return 'The issuer’s JWKS (custom_auth_config.jwks_url) is not a valid JWK set.';
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
    return 'The custom auth token is malformed.';
  // jose answers a JWKS response that is not 200 OK with a generic JOSEError.
  if (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC') return JWKS_UNAVAILABLE;
  if (error instanceof errors.JOSEError) return 'The custom auth token could not be verified.';
  // fetch's own failures: a refused connection, DNS, a TLS error.
  return JWKS_UNAVAILABLE;
}

/**
 * The `invalid_custom_token` refusal of a failed verification (SPEC §8 catalogue), saying which check
 * failed: the host's developer can fix their issuer, and an attacker learns nothing they did not send.
 */
export function refusalOf(error: unknown): LatchError {
  if (error instanceof LatchError) return error;
  return new LatchError('invalid_custom_token', reasonOf(error));
}
