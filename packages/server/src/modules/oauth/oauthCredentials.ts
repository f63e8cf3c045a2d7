import { LatchError, type OAuthEndpoints, type OAuthProvider } from '@latch/protocol';
import * as v from 'valibot';
import { isLoopbackHostname } from '../../kernel/http/loopback.js';
import { PROVIDERS } from './providers.js';

/** The public part of an app's provider credentials (app_login_credentials.public_config; the secret is sealed apart). */
export interface OAuthPublicConfig {
  client_id: string;
  /** Overrides of the provider's real endpoints (tests, the dev stand-in, a regional endpoint). */
  endpoints?: Partial<OAuthEndpoints>;
  /** Apple: the team id (the client secret JWT's `iss`). */
  team_id?: string;
  /** Apple: the id of the Sign in with Apple key (the client secret JWT's `kid`). */
  key_id?: string;
  /** Scopes instead of the provider's defaults. */
  scopes?: string[];
}

const endpointUrl = v.pipe(v.string(), v.maxLength(2048));
const shortId = v.pipe(v.string(), v.minLength(1), v.maxLength(256), v.regex(/^[\x21-\x7e]+$/, 'no spaces'));

/** The stored public config's shape (checked when set, and again when read). */
const OAuthPublicConfigSchema = v.strictObject({
  client_id: shortId,
  endpoints: v.optional(
    v.strictObject({
      authorization: v.optional(endpointUrl),
      token: v.optional(endpointUrl),
      userinfo: v.optional(endpointUrl),
      issuer: v.optional(endpointUrl),
      jwks: v.optional(endpointUrl),
    }),
  ),
  team_id: v.optional(shortId),
  key_id: v.optional(shortId),
  scopes: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,128}$/))), v.maxLength(32))),
});

/** True when `url` is an https URL, or an http URL on a loopback host (tests and the dev stand-in only). */
function allowedEndpoint(url: string): { ok: boolean; insecure: boolean } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, insecure: false };
  }
  if (parsed.protocol === 'https:') return { ok: true, insecure: false };
  if (parsed.protocol === 'http:' && isLoopbackHostname(parsed.hostname)) return { ok: true, insecure: true };
  return { ok: false, insecure: false };
}

/** An app's effective endpoints for a provider: the real ones, overridden by the credentials' `endpoints`. */
interface ResolvedEndpoints {
  endpoints: OAuthEndpoints;
  /** Some endpoint is plain http on a loopback host: openid-client must be told to allow it. */
  insecure: boolean;
}

/**
 * The provider's endpoints with the app's overrides, each checked: https, or http on a loopback host only
 * (a plain-http token endpoint elsewhere would send the client secret and the code in clear).
 */
export function resolveEndpoints(provider: OAuthProvider, overrides: Partial<OAuthEndpoints> = {}): ResolvedEndpoints {
  const definition = PROVIDERS[provider];
  const endpoints: OAuthEndpoints = { ...definition.endpoints, ...overrides };
  let insecure = false;
  const used: Array<keyof OAuthEndpoints> = ['authorization', 'token'];
  if (definition.profileFrom === 'userinfo') used.push('userinfo');
  if (definition.oidc) used.push('issuer', 'jwks');
  for (const name of used) {
    const url = endpoints[name];
    const check = url === undefined ? { ok: false, insecure: false } : allowedEndpoint(url);
    if (!check.ok) {
      throw new LatchError(
        'invalid_data',
        `The ${provider} ${name} endpoint must be an https URL (http only on localhost, 127.0.0.1 or [::1]).`,
      );
    }
    insecure ||= check.insecure;
  }
  return { endpoints, insecure };
}

/** Checks a public config (shape, endpoints, Apple's ids) before it is stored; answers it as it will be stored. */
export function checkOAuthPublicConfig(provider: OAuthProvider, input: unknown): OAuthPublicConfig {
  const parsed = v.safeParse(OAuthPublicConfigSchema, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? 'config';
    throw new LatchError('invalid_data', `Invalid ${provider} credentials: ${path}: ${issue.message}`);
  }
  const config = parsed.output as OAuthPublicConfig;
  resolveEndpoints(provider, config.endpoints);
  if (provider === 'apple' && (!config.team_id || !config.key_id)) {
    throw new LatchError('invalid_data', 'Apple credentials need --team-id and --key-id (and --private-key-file).');
  }
  return config;
}
