import { LatchError, type TokenResponse } from '@latch/protocol';
import { OAUTH_LIMIT } from '@latch/protocol/oauth';
import { createRemoteJWKSet, customFetch, importSPKI, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { CustomAuthConfig } from '../../identity/apps/customAuthConfig.js';
import { logIn } from '../../identity/sessions/sessions.js';
import type { ServerContext } from '../../kernel/context.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import type { Limit } from '../../kernel/throttle/SendThrottle.js';
import { refusalOf } from './customJwtRefusal.js';
import { assertShortLived, spendTokenId, verifiedEmailOf } from './customTokenClaims.js';
import { publicJwksFetch } from './publicJwksFetch.js';

/** What the custom-token service needs: the login path's parts. */
type CustomJwtContext = Pick<
  ServerContext,
  'db' | 'clock' | 'apps' | 'keys' | 'settings' | 'shortLived' | 'sessionHooks'
>;

/** How the issuer's JWKS is fetched and kept (jose's createRemoteJWKSet options, in milliseconds). */
interface JwksOptions {
  /** A JWKS request that has not answered by then is abandoned and the login refused. */
  timeoutMs: number;
  /** After a fetch, an unknown `kid` triggers no new fetch for this long (a flood of unknown kids fetches once). */
  cooldownMs: number;
  /** The fetched keys are used for this long before they are fetched again. */
  cacheMaxAgeMs: number;
}

/** Default JWKS handling: the providers' timeout; jose's own cooldown (30 s) and cache age (10 min). */
export const DEFAULT_JWKS_OPTIONS: JwksOptions = {
  timeoutMs: OAUTH_LIMIT.providerTimeoutMs,
  cooldownMs: 30_000,
  cacheMaxAgeMs: 10 * 60_000,
};

/**
 * Custom-token logins one client IP may try per app: each verifies a signature and may fetch the JWKS, and a
 * valid token is a login; far above a page calling it once per visit. As for passkey challenges.
 */
const DEFAULT_CUSTOM_JWT_LIMIT: Limit = { points: 60, durationSec: 10 * 60 };

/** A `sub` longer than this is refused (it becomes the account's key). */
const MAX_CUSTOM_SUBJECT_LENGTH = 256;

/** The seconds of clock difference tolerated on `exp`, `nbf` (and `iat`) between the issuer and this server. */
const CLOCK_TOLERANCE_SEC = 30;

/** The verification key of an app's config: the remote JWKS, or the PEM imported per algorithm. */
interface AppKey {
  /** What the key was made from (the JWKS URL or the PEM): a config change makes a new key. */
  source: string;
  key: JWTVerifyGetKey;
}

/**
 * Custom-token (JWT) login (SPEC §7 `custom_jwt_account`, docs/telegram-and-custom-token.md): the host's
 * backend issues a JWT for its user; the server verifies it with jose against the app's `custom_auth_config`
 * (issuer, audience, pinned asymmetric algorithms, the issuer's JWKS or PEM) and logs in the `custom_auth`
 * account of its `sub`: a fresh login (TokenResponse with a device grant).
 */
export class CustomJwtLogin {
  private readonly throttle: KeyThrottle;
  // One key per app, remade when the app's key source changes: the JWKS cache lives in it.
  private readonly keys = new Map<string, AppKey>();

  constructor(
    private readonly ctx: CustomJwtContext,
    limit: Limit = DEFAULT_CUSTOM_JWT_LIMIT,
    private readonly jwks: JwksOptions = DEFAULT_JWKS_OPTIONS,
  ) {
    this.throttle = new KeyThrottle(ctx.shortLived.throttleBackend, 'custom-jwt', limit);
  }

  /** Verifies the host backend's token and logs its `sub` in (or signs it up); throttled per app and client IP. */
  async logIn(app: AppRecord, token: string, ip: string): Promise<TokenResponse> {
    const config = app.config.custom_auth_config;
    if (!config) throw new LatchError('disallowed_login_method', 'Custom auth tokens are not enabled for this app.');
    await this.throttle.consume(`${app.id}:${ip}`);
    const payload = await this.verify(app.id, config, token);
    // Only a token whose signature and claims check out spends its id: garbage cannot burn a real token's jti.
    assertShortLived(payload);
    await spendTokenId(
      this.ctx.shortLived.counters,
      { appId: app.id, issuer: config.issuer },
      payload,
      this.ctx.clock.now().getTime(),
      CLOCK_TOLERANCE_SEC,
    );
    const account = { type: 'custom_auth', custom_user_id: subjectOf(payload) } as const;
    return logIn(this.ctx, app, account, undefined, { verifiedEmail: verifiedEmailOf(payload) });
  }

  /** The token's claims once its signature, algorithm, issuer, audience and times check out; else `invalid_custom_token`. */
  private async verify(appId: string, config: CustomAuthConfig, token: string): Promise<JWTPayload> {
    // A config stored before the audience was required: without one, another app's tokens of the same issuer
    // would log in here (issue #24 reproduction 4).
    if (!config.audience) {
      throw new LatchError(
        'invalid_custom_token',
        'The app’s custom_auth_config has no audience: set one to accept tokens.',
      );
    }
    try {
      const { payload } = await jwtVerify(token, this.keyOf(appId, config), {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: config.algorithms,
        clockTolerance: CLOCK_TOLERANCE_SEC,
        currentDate: this.ctx.clock.now(),
        // A token without an expiry would log in forever; without an id or issue time it could not be single-use
        // and short-lived (customTokenClaims.ts).
        requiredClaims: ['sub', 'exp', 'iat', 'jti', 'aud'],
      });
      return payload;
    } catch (error) {
      throw refusalOf(error);
    }
  }

  private keyOf(appId: string, config: CustomAuthConfig): JWTVerifyGetKey {
    const source = config.jwks_url ?? config.public_key_pem ?? '';
    const cached = this.keys.get(appId);
    if (cached?.source === source) return cached.key;
    const key = config.jwks_url ? this.remoteKey(config.jwks_url) : pemKey(source);
    this.keys.set(appId, { source, key });
    return key;
  }

  private remoteKey(url: string): JWTVerifyGetKey {
    return createRemoteJWKSet(new URL(url), {
      timeoutDuration: this.jwks.timeoutMs,
      cooldownDuration: this.jwks.cooldownMs,
      cacheMaxAge: this.jwks.cacheMaxAgeMs,
      // JWT-09: outside dev mode the JWKS is fetched over https from public addresses only (checked at connect
      // time, after DNS); dev mode keeps the global fetch for the loopback stand-ins.
      ...(this.ctx.settings.dev ? {} : { [customFetch]: publicJwksFetch }),
    });
  }
}

/** A key getter for a PEM: imported once per algorithm the token names (jose checked it is an allowed one). */
function pemKey(pem: string): JWTVerifyGetKey {
  const imported = new Map<string, Promise<CryptoKey>>();
  return (header) => {
    const alg = header.alg as string;
    let key = imported.get(alg);
    if (!key) {
      key = importSPKI(pem, alg);
      imported.set(alg, key);
    }
    return key;
  };
}

/**
 * What no `sub` may hold: a control character (no host's user id has one; a NUL is refused by PostgreSQL and
 * PGlite) or a lone UTF-16 surrogate (JSON-escaped, refused by jsonb): either made the login a 500.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
const UNSTORABLE = /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The token's `sub`: a non-empty string of at most MAX_CUSTOM_SUBJECT_LENGTH characters, none of them UNSTORABLE. */
function subjectOf(payload: JWTPayload): string {
  const { sub } = payload;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > MAX_CUSTOM_SUBJECT_LENGTH || UNSTORABLE.test(sub)) {
    throw new LatchError(
      'invalid_custom_token',
      `The custom auth token's "sub" must be a string of 1 to ${MAX_CUSTOM_SUBJECT_LENGTH} characters, without control characters.`,
    );
  }
  return sub;
}
