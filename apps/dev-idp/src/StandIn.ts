import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OAuthEndpoints, OAuthProvider } from '@latch/protocol';
import { exportJWK, exportPKCS8, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { escapeHtml, readBody, rewriteResponseBody, sendHtml, sendJson } from './http.js';
import { keyPairFor } from './keys.js';
import { loginInteraction } from './loginInteraction.js';
import { errorPage } from './pages.js';
import { providerConfiguration } from './providerConfiguration.js';
import { type DevAccount, STAND_INS, type StandInDefinition, subjectFor } from './providers.js';
import { adaptAuthorizationRequest, adaptTokenRequest } from './requestQuirks.js';
import { type IdTokenTamper, tamperIdToken } from './tamperIdToken.js';

export type { IdTokenTamper };

/** How a test makes a provider endpoint fail once: an error answer (`body` replaces the OAuth error), or none ('hang'). */
export type EndpointFailure =
  | 'hang'
  | { status?: number; error?: string; error_description?: string; body?: Record<string, unknown> };

/** A request that hangs until the stand-in closes. */
type Hung = ServerResponse;

/** One stand-in OAuth/OIDC provider: an oidc-provider instance mounted under `/<provider>`. */
export class StandIn {
  readonly def: StandInDefinition;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly endpoints: OAuthEndpoints;
  /** Apple only: the developer's key the client secret JWT is signed with. */
  apple?: { teamId: string; keyId: string; privateKeyPem: string; publicKey: CryptoKey };
  private provider!: Provider;
  private readonly accounts = new Map<string, DevAccount>();
  private signingKey!: JWK;
  private unknownKey!: CryptoKey;
  private nextIdToken: IdTokenTamper | null = null;
  private nextToken: EndpointFailure | null = null;
  private nextProfile: EndpointFailure | null = null;
  private nextJwks: EndpointFailure | null = null;
  /** Apple: the `user` JSON the next form_post of an interaction carries (its first authorization only). */
  private readonly appleUser = new Map<string, string>();
  private readonly appleNamed = new Set<string>();
  /** Apple's oidc-provider client secret: the client presents its JWT, the stand-in checks it and swaps this in. */
  private readonly internalSecret = randomBytes(24).toString('base64url');

  private constructor(
    readonly name: OAuthProvider,
    baseUrl: string,
    private readonly hung: Set<Hung>,
  ) {
    this.def = STAND_INS[name];
    this.issuer = `${baseUrl}/${name}`;
    this.clientId = `dev-${name}-client-${randomBytes(6).toString('hex')}`;
    this.clientSecret = randomBytes(24).toString('base64url');
    const { routes, profilePath, oidc } = this.def;
    this.endpoints = {
      authorization: `${this.issuer}${routes.authorization}`,
      token: `${this.issuer}${routes.token}`,
      userinfo: `${this.issuer}${oidc ? (routes.userinfo ?? '/userinfo') : profilePath}`,
      ...(oidc ? { issuer: this.issuer, jwks: `${this.issuer}${routes.jwks}` } : {}),
    };
  }

  /** Creates a stand-in with fresh keys and its client registered for `redirectUris`. */
  static async create(name: OAuthProvider, baseUrl: string, redirectUris: string[], hung: Set<Hung>): Promise<StandIn> {
    const standIn = new StandIn(name, baseUrl, hung);
    await standIn.init(redirectUris);
    return standIn;
  }

  private async init(redirectUris: string[]): Promise<void> {
    const { name } = this;
    const kid = `${name}-${randomBytes(4).toString('hex')}`;
    const { privateKey } = await keyPairFor(`${name} signing`, 'RS256');
    this.signingKey = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    this.unknownKey = (await keyPairFor('unknown', 'RS256')).privateKey;
    if (name === 'apple') {
      const pair = await generateKeyPair('ES256', { extractable: true });
      this.apple = {
        teamId: `DEVTEAM${randomBytes(2).toString('hex').toUpperCase()}`,
        keyId: `DEVKEY${randomBytes(2).toString('hex').toUpperCase()}`,
        privateKeyPem: await exportPKCS8(pair.privateKey),
        publicKey: pair.publicKey,
      };
    }
    this.provider = new Provider(
      this.issuer,
      providerConfiguration({
        name,
        clientId: this.clientId,
        clientSecret: name === 'apple' ? this.internalSecret : this.clientSecret,
        redirectUris,
        signingKey: this.signingKey,
        accounts: this.accounts,
      }),
    );
  }

  /** The subject this provider gives an email (stable: same email, same subject). */
  subjectFor(email: string): string {
    return subjectFor(this.name, email);
  }

  /** What a valid access token of this client grants (the Drive stand-in's authorisation), or null. */
  async accessTokenGrant(token: string): Promise<{ accountId: string; scopes: string[] } | null> {
    const found = await this.provider.AccessToken.find(token);
    if (!found || found.isExpired || found.clientId !== this.clientId) return null;
    return { accountId: found.accountId, scopes: (found.scope ?? '').split(' ').filter(Boolean) };
  }

  /** The next token response's ID token carries these changes. */
  tamperNextIdToken(tamper: IdTokenTamper): void {
    this.nextIdToken = tamper;
  }

  /** The next token request fails this way. */
  failNextToken(failure: EndpointFailure = {}): void {
    this.nextToken = failure;
  }

  /** The next user-info (profile) request fails this way. */
  failNextUserinfo(failure: EndpointFailure = {}): void {
    this.nextProfile = failure;
  }

  /** The next JWKS request fails this way (OIDC providers). */
  failNextJwks(failure: EndpointFailure = {}): void {
    this.nextJwks = failure;
  }

  /** Forgets the pending attack hooks. */
  reset(): void {
    this.nextIdToken = null;
    this.nextToken = null;
    this.nextProfile = null;
    this.nextJwks = null;
  }

  /** Handles a request under `/<provider>` (`path` without that prefix). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, search: URLSearchParams): Promise<void> {
    const { def } = this;
    if (path.startsWith('/interaction/')) return this.interaction(req, res);
    if (path === def.routes.token && req.method === 'POST') {
      const failure = this.nextToken;
      this.nextToken = null;
      if (failure) return this.fail(res, failure);
      if (!(await this.prepareTokenRequest(req, res))) return;
      if (def.oidc && this.nextIdToken) {
        const tamper = this.nextIdToken;
        this.nextIdToken = null;
        rewriteResponseBody(res, (body) => this.tamperIdToken(body, tamper));
      } else if (this.name === 'tiktok' || this.name === 'instagram') {
        rewriteResponseBody(res, (body) => this.withUserId(body));
      }
    } else if (!def.oidc && path === def.profilePath && req.method === 'GET') {
      return this.profile(req, res, search);
    } else if (path === def.routes.authorization && req.method === 'GET') {
      if (!this.prepareAuthorization(res, search)) return;
    } else if (this.name === 'apple' && path.startsWith(`${def.routes.authorization}/`)) {
      // The resume after the login page: Apple's first authorization posts the user's name along.
      const uid = path.slice(def.routes.authorization.length + 1);
      const user = this.appleUser.get(uid);
      if (user) {
        this.appleUser.delete(uid);
        rewriteResponseBody(res, (body) =>
          body.replace(
            /(<form method="post" action="[^"]*">)/,
            `$1\n<input type="hidden" name="user" value="${escapeHtml(user)}"/>`,
          ),
        );
      }
    } else if (path === def.routes.jwks && this.nextJwks) {
      const failure = this.nextJwks;
      this.nextJwks = null;
      return this.fail(res, failure);
    } else if (def.oidc && path === (def.routes.userinfo ?? '/userinfo')) {
      const failure = this.nextProfile;
      this.nextProfile = null;
      if (failure) return this.fail(res, failure);
    }
    // Mounted as express does it: oidc-provider finds its mount path as the part of originalUrl before req.url
    // (so originalUrl is rebuilt when a quirk above changed the query).
    req.url = `${path}${search.size > 0 ? `?${search}` : ''}`;
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = `/${this.name}${req.url}`;
    this.provider.callback()(req, res);
  }

  /** Answers a failure a test asked for. */
  private fail(res: ServerResponse, failure: EndpointFailure): void {
    if (failure === 'hang') {
      this.hung.add(res);
      res.once('close', () => this.hung.delete(res));
      return;
    }
    sendJson(
      res,
      failure.status ?? 400,
      failure.body ?? {
        error: failure.error ?? 'invalid_grant',
        error_description: failure.error_description ?? 'dev-idp: a failure a test asked for',
      },
    );
  }

  /** The real provider's authorization-request quirks (requestQuirks.ts); false when already answered. */
  private prepareAuthorization(res: ServerResponse, search: URLSearchParams): boolean {
    const problem = adaptAuthorizationRequest(this.name, this.def, search);
    if (problem) sendHtml(res, 400, errorPage(this.def.label, problem));
    return problem === null;
  }

  /**
   * The token request's client authentication as the real provider documents it (requestQuirks.ts), then handed
   * to oidc-provider (which takes an already-read body from `req.body`). False when already answered.
   */
  private async prepareTokenRequest(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const form = new URLSearchParams(await readBody(req));
    const apple = this.apple
      ? { ...this.apple, clientId: this.clientId, audience: this.issuer, internalSecret: this.internalSecret }
      : null;
    const problem = await adaptTokenRequest(this.name, this.def, req.headers.authorization, form, apple);
    if (problem) {
      sendJson(res, 401, { error: 'invalid_client', error_description: problem });
      return false;
    }
    (req as IncomingMessage & { body?: Record<string, string> }).body = Object.fromEntries(form);
    return true;
  }

  /**
   * TikTok's token response names the user (`open_id`, developers.tiktok.com/doc/oauth-user-access-token-management),
   * as does Instagram's (`user_id`).
   */
  private async withUserId(body: string): Promise<string> {
    const json = JSON.parse(body) as { access_token?: string };
    const token = json.access_token ? await this.provider.AccessToken.find(json.access_token) : undefined;
    if (!token) return body;
    return JSON.stringify(
      this.name === 'tiktok' ? { ...json, open_id: token.accountId } : { ...json, user_id: token.accountId },
    );
  }

  /** Re-signs the token response's ID token with a test's changes. */
  private async tamperIdToken(body: string, tamper: IdTokenTamper): Promise<string> {
    return tamperIdToken(body, tamper, { signingKey: this.signingKey, unknownKey: this.unknownKey });
  }

  /** The login page (GET) and its answer (POST): Continue logs in as the email given, Cancel is access_denied. */
  private interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    return loginInteraction(req, res, {
      provider: this.provider,
      name: this.name,
      label: this.def.label,
      logIn: (uid, email, name) => {
        const subject = this.subjectFor(email);
        this.accounts.set(subject, { subject, email, name });
        if (this.name === 'apple' && !this.appleNamed.has(subject)) {
          this.appleNamed.add(subject);
          const [firstName = '', ...rest] = name.split(/\s+/);
          this.appleUser.set(uid, JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email }));
        }
        return subject;
      },
    });
  }

  /** A plain OAuth provider's profile endpoint, for a valid access token of this client. */
  private async profile(req: IncomingMessage, res: ServerResponse, search: URLSearchParams): Promise<void> {
    const failure = this.nextProfile;
    this.nextProfile = null;
    if (failure) return this.fail(res, failure);
    // GitHub also takes `Authorization: token …`.
    const match = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '');
    const token = match ? await this.provider.AccessToken.find(match[1]!) : undefined;
    const account =
      token && !token.isExpired && token.clientId === this.clientId ? this.accounts.get(token.accountId) : undefined;
    if (!account) {
      sendJson(
        res,
        401,
        { error: 'invalid_token', message: 'Bad credentials' },
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      );
      return;
    }
    const fields =
      search
        .get('fields')
        ?.split(',')
        .map((f) => f.trim()) ?? null;
    sendJson(res, 200, this.def.profile!(account, fields));
  }
}
