import { isAppId, LatchError } from '@latch/protocol';
import { accessTokenVerifier, type VerifiedAccessToken } from './accessTokens.js';
import { type AdminClient, adminClient } from './adminClient.js';
import { appJwks } from './appJwks.js';
import { identityTokenVerifier, type VerifiedIdentityToken } from './identityTokens.js';

/** Options of `createLatchNode`. */
export interface LatchNodeOptions {
  /** The app's 25-character id. */
  appId: string;
  /** The app's secret (`latch-server apps secret create <app-id>`); needed by the admin calls only. Keep it server-side. */
  appSecret?: string;
  /** The Latch server's URL as this backend reaches it, e.g. `https://auth.example.com`. */
  apiUrl: string;
  /** The tokens' `iss`: the server's public URL (LATCH_PUBLIC_URL). Default: `apiUrl`. */
  issuer?: string;
  /** Seconds of clock difference tolerated on `exp` and `iat`. Default 30. */
  clockToleranceSeconds?: number;
  /** How long the app's public keys are used before they are fetched again, in ms. Default 10 minutes. */
  jwksCacheMaxAgeMs?: number;
  /** Milliseconds before an admin call is abandoned. Default 10 000. */
  timeoutMs?: number;
  /** The fetch to use (a proxy's, say). Default: the global fetch. */
  fetch?: typeof fetch;
}

/** Latch for a host backend. */
export interface LatchNode extends AdminClient {
  /** Verifies an access token (with or without `Bearer `); throws LatchError `missing_or_invalid_token` when it is not valid. */
  verifyAccessToken(token: string): Promise<VerifiedAccessToken>;
  /** Verifies an identity token (the user and linked accounts, no call beyond the cached keys); throws LatchError `missing_or_invalid_token` when it is not valid. */
  verifyIdentityToken(token: string): Promise<VerifiedIdentityToken>;
}

/** Strips a trailing slash, so that `https://x/` and `https://x` name the same issuer. */
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Creates the server SDK for one app: access-token verification (no secret needed) and the admin API (with the secret). */
export function createLatchNode(options: LatchNodeOptions): LatchNode {
  if (!isAppId(options.appId)) throw new LatchError('invalid_app_id');
  let apiUrl: string;
  try {
    apiUrl = new URL(options.apiUrl).toString();
  } catch (cause) {
    throw new LatchError('invalid_data', 'apiUrl must be an absolute URL, e.g. https://auth.example.com.', { cause });
  }
  const tokens = {
    appId: options.appId,
    issuer: withoutTrailingSlash(options.issuer ?? options.apiUrl),
    clockToleranceSeconds: options.clockToleranceSeconds ?? 30,
    jwks: appJwks(options.appId, apiUrl, options.jwksCacheMaxAgeMs ?? 10 * 60_000),
  };
  return {
    verifyAccessToken: accessTokenVerifier(tokens),
    verifyIdentityToken: identityTokenVerifier(tokens),
    ...adminClient({
      appId: options.appId,
      appSecret: options.appSecret,
      apiUrl,
      timeoutMs: options.timeoutMs ?? 10_000,
      fetch: options.fetch ?? globalThis.fetch,
    }),
  };
}
