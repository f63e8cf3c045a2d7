import { LatchError } from '@latch/protocol';
import { importSPKI } from 'jose';
import { isLoopbackHostname } from '../../kernel/http/loopback.js';
import { isNonPublicHostname } from '../../kernel/http/publicAddress.js';

/** Custom-token login: who issues the JWTs and how to check them (server-only; never sent to the browser). */
export interface CustomAuthConfig {
  issuer: string;
  /** The JWTs' `aud`; null: not checked (the issuer is then trusted to mint tokens for this app only). */
  audience: string | null;
  /** The JWS algorithms accepted, e.g. ["RS256"] or ["ES256"]; never "none" nor an HMAC one. */
  algorithms: string[];
  /** Where the issuer publishes its keys (https, or http on loopback) … */
  jwks_url: string | null;
  /** … or its public key (SPKI PEM). Exactly one of the two. */
  public_key_pem: string | null;
}

/**
 * The JWS algorithms a custom auth token may use: the asymmetric ones only. An HMAC algorithm (HS*) would
 * take the issuer's *public* key as its secret, so anyone could sign (the key-confusion attack); `none` signs
 * nothing.
 */
const CUSTOM_JWT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

const FIELD = 'custom_auth_config';
const invalid = (field: string, problem: string) => new LatchError('invalid_data', `${FIELD}.${field}: ${problem}`);

/**
 * True for an https URL, or (dev mode) an http one on a loopback host (a local issuer). Outside dev mode the
 * host must also not name a non-public host by itself (`localhost`, a loopback, private or link-local IP):
 * JWT-09, the server must not be made to fetch from its own network. Names are checked again when fetched.
 */
function isAllowedJwksUrl(value: string, dev: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (!dev) return url.protocol === 'https:' && !isNonPublicHostname(url.hostname);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHostname(url.hostname));
}

/**
 * Checks a custom-token config's shape (SPEC §7 custom token, docs/telegram-and-custom-token.md): an issuer,
 * an audience, exactly one of `jwks_url` (public https; in dev mode also http on loopback) and `public_key_pem`, and algorithms from
 * CUSTOM_JWT_ALGORITHMS only. Throws `invalid_data` naming the field. `assertCustomAuthKey` parses the PEM.
 */
export function assertValidCustomAuthConfig(config: CustomAuthConfig, options: { dev?: boolean } = {}): void {
  if (!config.issuer.trim()) throw invalid('issuer', 'the issuer (the tokens’ "iss") is required.');
  const sources = [config.jwks_url, config.public_key_pem].filter((value) => value !== null && value !== '');
  if (sources.length !== 1) {
    throw invalid('jwks_url', 'set exactly one of jwks_url (where the issuer publishes its keys) and public_key_pem.');
  }
  if (config.jwks_url && !isAllowedJwksUrl(config.jwks_url, options.dev ?? false)) {
    throw invalid(
      'jwks_url',
      options.dev
        ? 'must be an https URL (http only on a loopback host), without credentials.'
        : 'must be an https URL on a public host (no localhost, loopback, private or link-local address), without credentials.',
    );
  }
  // Without an audience, a token this issuer minted for another app would log in here too.
  if (config.audience === null || !config.audience.trim()) {
    throw invalid('audience', 'is required: the "aud" your issuer puts in this app’s tokens (and in no other app’s).');
  }
  const allowed = CUSTOM_JWT_ALGORITHMS as readonly string[];
  const refused = config.algorithms.find((alg) => !allowed.includes(alg));
  if (refused !== undefined) {
    throw invalid(
      'algorithms',
      `"${refused}" is not accepted (only asymmetric ones: ${CUSTOM_JWT_ALGORITHMS.join(', ')}; never none or HS*).`,
    );
  }
  if (new Set(config.algorithms).size !== config.algorithms.length) throw invalid('algorithms', 'lists one twice.');
}

/**
 * Parses `public_key_pem` (SPKI) for each of the config's algorithms with jose, so a key that is not a public
 * key, or does not fit an algorithm (an EC key for RS256, a P-384 key for ES256), is refused when the config
 * is set rather than at the first login. No-op for a JWKS URL.
 */
export async function assertCustomAuthKey(config: CustomAuthConfig | null): Promise<void> {
  if (!config?.public_key_pem) return;
  for (const alg of config.algorithms) {
    try {
      await importSPKI(config.public_key_pem, alg);
    } catch {
      throw invalid('public_key_pem', `is not an SPKI public key (-----BEGIN PUBLIC KEY-----) usable with ${alg}.`);
    }
  }
}
