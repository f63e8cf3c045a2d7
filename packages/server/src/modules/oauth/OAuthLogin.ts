import { randomBytes } from 'node:crypto';
import {
  LatchError,
  type OAuthAuthenticateRequest,
  type OAuthInitRequest,
  type OAuthProvider,
  type TokenResponse,
  type WireOAuthProviderTokens,
  type WireUser,
} from '@latch/protocol';
import { OAUTH_API, OAUTH_LIMIT, OAUTH_RETURN_PARAM } from '@latch/protocol/oauth';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import { logIn } from '../../identity/sessions/sessions.js';
import { type AccountInput, assertAccountTypeEnabled } from '../../identity/users/accounts.js';
import { toWireUser } from '../../identity/users/userRecords.js';
import { linkAccount, unlinkAccount } from '../../identity/users/users.js';
import type { ServerContext } from '../../kernel/context.js';
import { verifierMatches } from '../../kernel/crypto/verifierMatches.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import type { Limit } from '../../kernel/throttle/SendThrottle.js';
import { type OAuthIntent, type OAuthStateRecord, OAuthStates } from './OAuthStates.js';
import { type OAuthPublicConfig, resolveEndpoints } from './oauthCredentials.js';
import { allowedRedirect, belongsTo } from './oauthStateChecks.js';
import { authorizationUrl, type ExchangeResult, exchangeCode, type ProviderCredentials } from './providerClient.js';
import { appleUserName, PROVIDERS } from './providers.js';
import { issuerMatches } from './responseIssuer.js';

/** What the OAuth service needs: the login path's parts, the credentials and the short-lived store. */
type OAuthContext = Pick<
  ServerContext,
  'db' | 'clock' | 'apps' | 'keys' | 'settings' | 'shortLived' | 'loginCredentials' | 'logger' | 'sessionHooks'
>;

/** Inits one client IP may make for one app (each stores a state record): as passkey and SIWE inits. */
const DEFAULT_OAUTH_INIT_LIMIT: Limit = { points: 60, durationSec: 10 * 60 };

/** Options of the service; tests shorten the provider timeout. */
interface OAuthLoginOptions {
  initLimit?: Limit;
  providerTimeoutMs?: number;
}

/** The refusal of a state that is unknown, expired, spent, another app's, or of the other intent. */
const badState = () => new LatchError('unknown_auth_error', 'The OAuth state is unknown, expired or already used.');

/** The linked-account type of a provider. */
const accountType = (provider: OAuthProvider) => `${provider}_oauth` as const;

/**
 * OAuth 2.0 authorization code + PKCE login, link and unlink for the nine providers (docs/social-login.md).
 * The browser makes the verifier and state and keeps them; init stores a state record (app, provider,
 * challenge, redirect target, nonce, intent) for OAUTH_LIMIT.stateTtlMs; the callback only forwards the
 * provider's answer to the redirect target; authenticate/link spend the record once, check the verifier
 * against the stored challenge, and exchange the code with openid-client. Identity is (provider, subject).
 */
export class OAuthLogin {
  readonly states: OAuthStates;
  private readonly initThrottle: KeyThrottle;
  private readonly providerTimeoutMs: number;

  constructor(
    private readonly ctx: OAuthContext,
    options: OAuthLoginOptions = {},
  ) {
    this.states = new OAuthStates(ctx.shortLived, () => ctx.clock.now().getTime());
    this.initThrottle = new KeyThrottle(
      ctx.shortLived.throttleBackend,
      'oauth-init',
      options.initLimit ?? DEFAULT_OAUTH_INIT_LIMIT,
    );
    this.providerTimeoutMs = options.providerTimeoutMs ?? OAUTH_LIMIT.providerTimeoutMs;
  }

  /** The redirect URI every provider is registered with: the server's callback. */
  get redirectUri(): string {
    return `${this.ctx.settings.publicUrl}${OAUTH_API.callback}`;
  }

  /**
   * Starts a login (no caller) or a link (the signed-in caller): checks the method, the redirect target's
   * origin and the throttle, stores the state record, and answers the provider's authorization URL.
   */
  async init(
    app: AppRecord,
    body: OAuthInitRequest,
    ip: string,
    caller?: AuthenticatedUser,
    intent: 'link' | 'step_up' = 'link',
  ): Promise<string> {
    const { provider } = body;
    // A step-up re-authenticates an account the user already has, whether or not the app still offers it.
    if (!caller || intent === 'link') assertAccountTypeEnabled(app, accountType(provider));
    if (!allowedRedirect(app, body.redirect_to)) {
      throw new LatchError('invalid_origin', "redirect_to must be a URL on one of the app's allowed origins.");
    }
    // One account per provider: say so before the user goes through the provider's pages for nothing.
    if (intent === 'link' && caller?.accounts.some((account) => account.type === accountType(provider))) {
      throw new LatchError(
        'cannot_link_more_of_type',
        `The user already has a linked ${accountType(provider)} account.`,
      );
    }
    const credentials = await this.credentials(app, provider);
    await this.initThrottle.consume(caller ? `${app.id}:user:${caller.user.id}` : `${app.id}:${ip}`);
    const bound: OAuthIntent = caller
      ? { intent, userId: caller.user.id, sessionId: caller.claims.sessionId }
      : { intent: 'login' };
    const nonce = PROVIDERS[provider].oidc ? randomBytes(32).toString('base64url') : null;
    const created = await this.states.create(body.state_code, {
      ...bound,
      appId: app.id,
      provider,
      codeChallenge: body.code_challenge,
      redirectTo: body.redirect_to,
      nonce,
    });
    if (!created) throw new LatchError('invalid_data', 'This state_code was already used: make a new one.');
    return authorizationUrl(provider, credentials, {
      redirectUri: this.redirectUri,
      state: body.state_code,
      codeChallenge: body.code_challenge,
      nonce,
    });
  }

  /**
   * The provider's redirect back (GET query, or Apple's form_post body): where to send the browser, or
   * null for an unknown or expired state (nowhere is known to be safe). The record is not spent here.
   */
  async callback(params: Record<string, string | undefined>): Promise<string | null> {
    const stateCode = params.state;
    if (!stateCode) return null;
    const record = await this.states.peek(stateCode);
    if (!record) return null;
    // OA-05: an answer naming another issuer than the state's provider is a mix-up; its code is not forwarded.
    const mixedUp = !(await this.issuerMatches(record, params.iss));
    const name = record.provider === 'apple' && !mixedUp ? appleUserName(params.user) : null;
    if (name) await this.states.recordAppleName(stateCode, name);
    const target = new URL(record.redirectTo);
    target.searchParams.set(OAUTH_RETURN_PARAM.state, stateCode);
    target.searchParams.set(OAUTH_RETURN_PARAM.provider, record.provider);
    if (params.code && !params.error && !mixedUp) target.searchParams.set(OAUTH_RETURN_PARAM.code, params.code);
    else {
      const error = params.error === 'access_denied' ? 'oauth_user_denied' : 'unknown_auth_error';
      target.searchParams.set(OAUTH_RETURN_PARAM.error, error);
    }
    return target.toString();
  }

  /** Logs in with the provider's code: a fresh login (TokenResponse with a device grant). */
  async authenticate(app: AppRecord, body: OAuthAuthenticateRequest): Promise<TokenResponse> {
    const record = await this.spend(app, body, { intent: 'login' });
    const { profile, tokens } = await this.exchange(app, record, body);
    assertAccountTypeEnabled(app, accountType(record.provider));
    // The profile's email is only ever one the provider verified (providers.ts): the allowlist may admit by it.
    const account = this.account(record.provider, profile, record.appleName);
    const response = await logIn(this.ctx, app, account, undefined, { verifiedEmail: profile.email });
    return this.withTokens(app, response, tokens);
  }

  /** Links the provider account to the caller (one per provider); answers the updated user. */
  async link(
    caller: AuthenticatedUser,
    body: OAuthAuthenticateRequest,
  ): Promise<WireUser & { oauth_provider_tokens?: WireOAuthProviderTokens }> {
    const { app } = caller;
    const record = await this.spend(app, body, {
      intent: 'link',
      userId: caller.user.id,
      sessionId: caller.claims.sessionId,
    });
    const { profile, tokens } = await this.exchange(app, record, body);
    const user = await linkAccount(
      this.ctx,
      app.id,
      caller.user.id,
      this.account(record.provider, profile, record.appleName),
    );
    return this.withTokens(app, toWireUser(user), tokens);
  }

  /**
   * A step-up's re-authentication (stepUp/): spends the caller's `step_up` state and exchanges the code;
   * answers which provider account answered. The caller checks it is one of theirs.
   */
  async reauthenticate(
    caller: AuthenticatedUser,
    body: OAuthAuthenticateRequest,
  ): Promise<{ provider: OAuthProvider; subject: string }> {
    const expected = { intent: 'step_up', userId: caller.user.id, sessionId: caller.claims.sessionId } as const;
    const record = await this.spend(caller.app, body, expected);
    const { profile } = await this.exchange(caller.app, record, body);
    return { provider: record.provider, subject: profile.subject };
  }

  /** Unlinks the caller's account of `provider` with `subject`; never the last login method. */
  async unlink(caller: AuthenticatedUser, provider: OAuthProvider, subject: string): Promise<WireUser> {
    const user = await unlinkAccount(this.ctx, caller.app.id, caller.user.id, {
      type: accountType(provider),
      subject,
      email: null,
      name: null,
      username: null,
    });
    return toWireUser(user);
  }

  /**
   * Checks the state record (this app, this intent, and for a link this user and session) before spending it,
   * so a request of another app or user cannot burn a state a browser is waiting on; then spends it once and
   * checks the verifier.
   */
  private async spend(
    app: AppRecord,
    body: OAuthAuthenticateRequest,
    expected: OAuthIntent,
  ): Promise<OAuthStateRecord> {
    const peeked = await this.states.peek(body.state_code);
    if (!peeked || !belongsTo(peeked, app, expected)) throw badState();
    const record = await this.states.take(body.state_code);
    if (!record || !belongsTo(record, app, expected)) throw badState();
    // The browser's binding, checked by us even when a provider ignores PKCE.
    if (!verifierMatches(body.code_verifier, record.codeChallenge)) {
      throw new LatchError('unknown_auth_error', 'The code verifier does not match the code challenge.');
    }
    return record;
  }

  private async exchange(
    app: AppRecord,
    record: OAuthStateRecord,
    body: OAuthAuthenticateRequest,
  ): Promise<ExchangeResult> {
    const credentials = await this.credentials(app, record.provider);
    return exchangeCode(
      record.provider,
      credentials,
      {
        redirectUri: this.redirectUri,
        code: body.authorization_code,
        state: body.state_code,
        codeVerifier: body.code_verifier,
        nonce: record.nonce,
      },
      this.ctx.clock,
      this.providerTimeoutMs,
    );
  }

  /** True when a callback's `iss` fits the state's app and provider (issuerMatches on its configured endpoints). */
  private async issuerMatches(record: OAuthStateRecord, iss: string | undefined): Promise<boolean> {
    if (iss === undefined) return true;
    const stored = await this.ctx.loginCredentials.get<OAuthPublicConfig>(record.appId, record.provider);
    try {
      return issuerMatches(iss, resolveEndpoints(record.provider, stored?.publicConfig.endpoints).endpoints);
    } catch {
      return false; // endpoints no longer valid: nothing to match against
    }
  }

  private async credentials(app: AppRecord, provider: OAuthProvider): Promise<ProviderCredentials> {
    const stored = await this.ctx.loginCredentials.get<OAuthPublicConfig>(app.id, provider);
    if (!stored) {
      throw new LatchError('disallowed_login_method', `${provider} login has no credentials configured for this app.`);
    }
    return { publicConfig: stored.publicConfig, secret: stored.secret };
  }

  private account(
    provider: OAuthProvider,
    profile: ExchangeResult['profile'],
    appleName?: string | null,
  ): AccountInput {
    return {
      type: accountType(provider),
      subject: profile.subject,
      email: profile.email,
      name: profile.name ?? appleName ?? null,
      username: profile.username,
    };
  }

  /** Adds the provider's tokens when the app asked for them (`return_oauth_provider_tokens`), else nothing. */
  private withTokens<T extends object>(
    app: AppRecord,
    response: T,
    tokens: WireOAuthProviderTokens,
  ): T & { oauth_provider_tokens?: WireOAuthProviderTokens } {
    return app.config.return_oauth_provider_tokens ? { ...response, oauth_provider_tokens: tokens } : response;
  }
}
