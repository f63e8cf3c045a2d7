import { randomBytes } from 'node:crypto';
import {
  LatchError,
  LIMIT,
  type TokenResponse,
  type WirePasskeyAssertion,
  type WirePasskeyCreationOptions,
  type WirePasskeyRegistration,
  type WirePasskeyRequestOptions,
} from '@latch/protocol';
import { sql } from 'kysely';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import { logIn } from '../../identity/sessions/sessions.js';
import { type AccountInput, assertAccountTypeEnabled } from '../../identity/users/accounts.js';
import type { UserWithAccounts } from '../../identity/users/userRecords.js';
import type { UserRef } from '../../identity/users/userRef.js';
import { linkAccount, unlinkAccount } from '../../identity/users/users.js';
import type { ServerContext } from '../../kernel/context.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import type { Limit } from '../../kernel/throttle/SendThrottle.js';
import { creationOptions, requestOptions, verifyAssertion, verifyRegistration } from './ceremonies.js';
import { type ChallengeBinding, PasskeyChallenges } from './PasskeyChallenges.js';
import { type NewCredential, PasskeyCredentials, type StoredCredential } from './PasskeyCredentials.js';
import type { PasskeyMfa } from './PasskeyMfa.js';
import { passkeyDisplay } from './passkeyDisplay.js';
import { type RelyingParty, relyingPartyOf } from './relyingParty.js';

/** What the passkey service needs: the login path's parts (logIn) and the short-lived store for challenges. */
type PasskeysContext = Pick<
  ServerContext,
  'db' | 'clock' | 'apps' | 'keys' | 'settings' | 'shortLived' | 'sessionHooks'
>;

/**
 * Login and sign-up challenges one client IP may ask one app for (each is stored until it expires):
 * far above a person retrying, far below a flood of the store. As for SIWE nonces. The same limit
 * applies per user to the link and MFA challenges: anyone can sign up, and a signed-in user must not
 * be able to fill the store either.
 */
const DEFAULT_PASSKEY_INIT_LIMIT: Limit = { points: 60, durationSec: 10 * 60 };

/** The refusal of a passkey that does not check out at login, sign-up or link (SPEC §8 passkey texts). */
const refused = () => new LatchError('passkey_not_allowed', 'The passkey response did not verify.');
/** The refusal of a passkey that does not check out as an MFA factor. */
const mfaRefused = () => new LatchError('missing_or_invalid_mfa');

/** A passkey may be linked when passkey login is on, or when passkeys are one of the app's MFA methods. */
const linkable = (app: AppRecord) => app.config.passkey_auth || app.config.mfa_methods.includes('passkey');

/** The label a passkey manager shows for the account: the user's email or phone, else the app and the date. */
function accountLabel(app: AppRecord, accounts: UserWithAccounts['accounts'], now: Date): string {
  const named = accounts.find((a) => a.type === 'email') ?? accounts.find((a) => a.type === 'phone');
  return named?.account_key ?? `${app.name} (${now.toISOString().slice(0, 10)})`;
}

/**
 * Passkeys (WebAuthn, docs/passkeys.md): sign-up, login, link and unlink through the server's login
 * path, and the MFA factor the MFA service uses (`PasskeyMfa`). Challenges are single use and bound to
 * the app (and to the user and session for link and MFA); credentials are claimed before the user or
 * link that holds them is written, and released when that is refused.
 */
export class Passkeys implements PasskeyMfa {
  readonly challenges: PasskeyChallenges;
  readonly credentials: PasskeyCredentials;
  private readonly initThrottle: KeyThrottle;

  constructor(
    private readonly ctx: PasskeysContext,
    initLimit: Limit = DEFAULT_PASSKEY_INIT_LIMIT,
  ) {
    this.challenges = new PasskeyChallenges(ctx.shortLived, () => ctx.clock.now().getTime());
    this.credentials = new PasskeyCredentials(ctx.db);
    // Per app and client IP: anyone may ask for a login challenge, so nothing narrower identifies them.
    this.initThrottle = new KeyThrottle(ctx.shortLived.throttleBackend, 'passkey-init', initLimit);
  }

  /** The app's relying party (RP ID, origins). */
  rp(app: AppRecord): RelyingParty {
    return relyingPartyOf(this.ctx.settings, app);
  }

  private take(app: AppRecord, binding: ChallengeBinding) {
    return (challenge: string) => this.challenges.take(app.id, challenge, binding);
  }

  /** Creation options for a new user (sign-up); refused when passkey login is off or an allowlist is set; throttled per app and IP. */
  async signUpOptions(app: AppRecord, ip: string): Promise<WirePasskeyCreationOptions> {
    assertCanSignUp(app);
    await this.initThrottle.consume(`${app.id}:${ip}`);
    const challenge = await this.challenges.issue(app.id, { purpose: 'register' });
    const name = accountLabel(app, [], this.ctx.clock.now());
    return creationOptions(this.rp(app), { handle: randomBytes(32), name }, challenge, this.challenges.timeoutMs);
  }

  /** Signs up a new user with a new passkey: a fresh login (TokenResponse with a device grant). */
  async signUp(app: AppRecord, wire: WirePasskeyRegistration, userAgent: string | undefined): Promise<TokenResponse> {
    assertCanSignUp(app);
    const credential = await verifyRegistration(this.rp(app), wire, this.take(app, { purpose: 'register' }), refused);
    return this.withClaim(app, credential, async () => {
      const response = await logIn(this.ctx, app, passkeyAccount(credential, userAgent));
      // The claim makes the credential id new to the app, so the login made a new user; anything else
      // would be a registration logging in as someone: never hand those tokens out.
      if (!response.is_new_user) throw new LatchError('internal_error');
      return response;
    });
  }

  /** Request options for 'I have a passkey': discoverable, no allow list; throttled per app and IP. */
  async loginOptions(app: AppRecord, ip: string): Promise<WirePasskeyRequestOptions> {
    assertAccountTypeEnabled(app, 'passkey');
    await this.initThrottle.consume(`${app.id}:${ip}`);
    const challenge = await this.challenges.issue(app.id, { purpose: 'login' });
    return requestOptions(this.rp(app), challenge, this.challenges.timeoutMs);
  }

  /** Logs in the owner of a linked passkey: a fresh login (TokenResponse with a device grant). */
  async logIn(app: AppRecord, wire: WirePasskeyAssertion): Promise<TokenResponse> {
    assertAccountTypeEnabled(app, 'passkey');
    const stored = await this.credentials.find(app.id, wire.id);
    if (!stored) throw refused();
    await this.verifyAndRecord(app, wire, stored, { purpose: 'login' }, refused);
    const response = await logIn(this.ctx, app, {
      type: 'passkey',
      credential_id: stored.credentialId,
      authenticator_name: null,
      created_with_browser: null,
      created_with_os: null,
      enrolled_in_mfa: false,
    });
    if (response.is_new_user) {
      // The passkey was unlinked between its check and the login, which then signed a new user up
      // with it: undo that user (and its session) and refuse, as if the unlink had come first.
      // Its unsent webhook events go too: they would announce a user that never was (webhooks/).
      const userId = userIdOf(response);
      await this.ctx.db.transaction().execute(async (trx) => {
        await sql`delete from webhook_deliveries where user_id = ${userId} and status = 'pending'`.execute(trx);
        await trx.deleteFrom('users').where('id', '=', userId).execute();
      });
      throw refused();
    }
    return response;
  }

  /** Creation options to link a passkey to the caller, excluding the caller's passkeys; refused at the limit. */
  async linkOptions(caller: AuthenticatedUser): Promise<WirePasskeyCreationOptions> {
    const { app } = caller;
    if (!linkable(app)) throw new LatchError('disallowed_login_method');
    const own = await this.credentials.ofUser(app.id, caller.user.id);
    if (own.length >= LIMIT.passkeysPerUser) throw tooMany();
    await this.initThrottle.consume(userThrottleKey(app.id, caller.user.id));
    const challenge = await this.challenges.issue(app.id, linkBinding(caller));
    const name = accountLabel(app, caller.accounts, this.ctx.clock.now());
    const user = { handle: randomBytes(32), name };
    return creationOptions(this.rp(app), user, challenge, this.challenges.timeoutMs, own);
  }

  /** Links a new passkey to the caller (at most LIMIT.passkeysPerUser); answers the updated user. */
  async link(
    caller: AuthenticatedUser,
    wire: WirePasskeyRegistration,
    userAgent: string | undefined,
  ): Promise<UserWithAccounts> {
    const { app } = caller;
    if (!linkable(app)) throw new LatchError('disallowed_login_method');
    const credential = await verifyRegistration(this.rp(app), wire, this.take(app, linkBinding(caller)), refused);
    return this.withClaim(app, credential, () =>
      linkAccount(this.ctx, app.id, caller.user.id, passkeyAccount(credential, userAgent), linkable),
    );
  }

  /** Unlinks one of the caller's passkeys; never one enrolled in MFA, nor the last login method. */
  async unlink(caller: AuthenticatedUser, credentialId: string): Promise<UserWithAccounts> {
    const { app, user } = caller;
    const stored = await this.credentials.find(app.id, credentialId);
    if (stored?.userId === user.id && stored.enrolledInMfa) {
      throw new LatchError('missing_or_invalid_mfa', 'Cannot unlink a passkey enrolled in MFA');
    }
    // Its credential row goes with the linked account (on delete cascade).
    return unlinkAccount(this.ctx, app.id, user.id, {
      type: 'passkey',
      credential_id: credentialId,
      authenticator_name: null,
      created_with_browser: null,
      created_with_os: null,
      enrolled_in_mfa: false,
    });
  }

  async mfaRequestOptions(owner: UserRef, sessionId: string): Promise<WirePasskeyRequestOptions> {
    const app = await this.ctx.apps.require(owner.appId);
    const allow = await this.credentials.ofUser(app.id, owner.userId, true);
    // An empty allow list would let any discoverable passkey answer: no MFA passkey, no options.
    if (allow.length === 0) throw new LatchError('missing_or_invalid_mfa', 'No passkey is enrolled in MFA.');
    await this.initThrottle.consume(userThrottleKey(app.id, owner.userId));
    const challenge = await this.challenges.issue(app.id, { purpose: 'mfa', userId: owner.userId, sessionId });
    return requestOptions(this.rp(app), challenge, this.challenges.timeoutMs, allow);
  }

  async verifyMfaAssertion(owner: UserRef, sessionId: string, wire: WirePasskeyAssertion): Promise<void> {
    const app = await this.ctx.apps.require(owner.appId);
    const stored = await this.credentials.find(app.id, wire.id);
    if (!stored || stored.userId !== owner.userId || !stored.enrolledInMfa) throw mfaRefused();
    const binding: ChallengeBinding = { purpose: 'mfa', userId: owner.userId, sessionId };
    await this.verifyAndRecord(app, wire, stored, binding, mfaRefused);
  }

  async setEnrolledInMfa(owner: UserRef, credentialIds: string[] | 'all', enrolled: boolean): Promise<void> {
    await this.credentials.setEnrolledInMfa(owner.appId, owner.userId, credentialIds, enrolled, this.ctx.clock.now());
  }

  async mfaCredentialIds(owner: UserRef): Promise<string[]> {
    return (await this.credentials.ofUser(owner.appId, owner.userId, true)).map((c) => c.id);
  }

  /**
   * The allowed origins of every app that uses passkeys (login or MFA), for GET /.well-known/webauthn
   * (WebAuthn Related Origin Requests): a host on another domain may then run ceremonies for the
   * server's RP ID in browsers that support it. Only those apps: the document is public (it should not
   * list every tenant of the server) and browsers read only its first few registrable domains.
   */
  async relatedOrigins(): Promise<string[]> {
    const { rows } = await sql<{ origin: string }>`select distinct jsonb_array_elements_text(allowed_origins) as origin
      from apps where (config->>'passkey_auth') = 'true' or (config->'mfa_methods') @> '["passkey"]'::jsonb
      order by origin`.execute(this.ctx.db);
    return rows.map((row) => row.origin);
  }

  /** Verifies an assertion by `stored` for a challenge of `binding`, and records the use (counter compare-and-set). */
  async verifyAndRecord(
    app: AppRecord,
    wire: WirePasskeyAssertion,
    stored: StoredCredential,
    binding: ChallengeBinding,
    refusal: () => LatchError,
  ): Promise<void> {
    const use = await verifyAssertion(this.rp(app), wire, stored, this.take(app, binding), refusal);
    const recorded = await this.credentials.recordUse(app.id, stored, { ...use, at: this.ctx.clock.now() });
    // Another assertion was recorded against the same counter meanwhile: a clone or a race; refuse.
    if (!recorded) throw refusal();
  }

  /** Claims the credential id, runs `write` (which makes the linked account), binds the claim; releases it on failure. */
  private async withClaim<T>(app: AppRecord, credential: NewCredential, write: () => Promise<T>): Promise<T> {
    await this.credentials.claim(app.id, credential, this.ctx.clock.now());
    let result: T;
    try {
      result = await write();
    } catch (error) {
      await this.credentials.release(app.id, credential.credentialId);
      throw error;
    }
    await this.credentials.bind(app.id, credential.credentialId);
    return result;
  }
}

/** Sign-up needs passkey login on, and no allowlist: an allowlist has no identifier a passkey could match. */
function assertCanSignUp(app: AppRecord): void {
  assertAccountTypeEnabled(app, 'passkey');
  if (app.allowlist) throw new LatchError('allowlist_rejected');
}

/** The throttle key of a signed-in user's challenges (link, MFA); `user:` keeps it apart from the IP keys. */
const userThrottleKey = (appId: string, userId: string) => `${appId}:user:${userId}`;

const tooMany = () => new LatchError('cannot_link_more_of_type', 'Cannot link more passkeys to account.');

const linkBinding = (caller: AuthenticatedUser): ChallengeBinding => ({
  purpose: 'link',
  userId: caller.user.id,
  sessionId: caller.claims.sessionId,
});

/** The linked account of a new passkey, with its SPEC §4 display fields. */
function passkeyAccount(credential: NewCredential, userAgent: string | undefined): AccountInput {
  return {
    type: 'passkey',
    credential_id: credential.credentialId,
    ...passkeyDisplay(credential.aaguid, userAgent),
    enrolled_in_mfa: false,
  };
}

/** The user id of a login response (its user's DID is `did:latch:<id>`). */
const userIdOf = (response: TokenResponse) => response.user.id.slice(response.user.id.lastIndexOf(':') + 1);
