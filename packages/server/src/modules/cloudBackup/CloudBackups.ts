import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import {
  CLOUD_BACKUP,
  type CloudAuthPurpose,
  type CloudRecoveryMethod,
  RECOVERY_OAUTH_API,
  RECOVERY_OAUTH_RETURN_PARAM,
  type WireCloudAuthorization,
} from '@latch/protocol/cloudBackup';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { ServerContext } from '../../kernel/context.js';
import type { OAuthPublicConfig } from '../oauth/oauthCredentials.js';
import { allowedRedirect } from '../oauth/oauthStateChecks.js';
import { authorizationUrl, exchangeCode, type ProviderCredentials } from '../oauth/providerClient.js';
import { type CloudAuthOwner, CloudAuthRecords } from './cloudAuthRecords.js';
import { cloudKitSignInUrl, cloudKitUser } from './cloudKitClient.js';

const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.appdata';

/** What a held CloudKit token is sealed to: its round trip. */
const heldTokenAad = (state: string) => `latch/cloud-backup/held-token/${state}`;

/** What `init` / `init_icloud` receive (validated bodies). */
interface InitInput {
  provider: CloudRecoveryMethod;
  purpose: CloudAuthPurpose;
  redirectTo: string;
  stateCode: string;
  codeChallenge?: string;
}

/**
 * Cloud backups' recovery OAuth (docs/cloud-backup.md): Google with PKCE and the drive.appdata scope, CloudKit's web
 * sign-in. The server exchanges the provider's code, hands the provider token to the frame that asked and keeps
 * nothing of it past the round trip (CloudKit's token waits sealed for `authenticate`, behind a one-time code); what it keeps is a keyed hash of the cloud account (HMAC, key from the master key) so a recovery
 * from another account is refused, and single-use tickets that carry that hash to the custody call.
 */
export class CloudBackups {
  readonly records: CloudAuthRecords;
  private readonly hashKey: Buffer;

  constructor(
    private readonly ctx: Pick<
      ServerContext,
      'settings' | 'shortLived' | 'clock' | 'loginCredentials' | 'custody' | 'sealer'
    >,
    masterKey: Buffer,
  ) {
    this.records = new CloudAuthRecords(ctx.shortLived, () => ctx.clock.now().getTime(), CLOUD_BACKUP.stateTtlMs);
    this.hashKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'latch/cloud-account/v1', 32));
  }

  /** The redirect URI registered with Google (and CloudKit's "URL Redirect" sign-in callback). */
  get redirectUri(): string {
    return `${this.ctx.settings.publicUrl}${RECOVERY_OAUTH_API.callback}`;
  }

  /** The keyed hash of a cloud account, bound to the app and provider. */
  accountHash(appId: string, provider: CloudRecoveryMethod, accountId: string): string {
    return createHmac('sha256', this.hashKey).update(`${appId}\n${provider}\n${accountId}`).digest('base64url');
  }

  /** Starts a round trip: checks the target and the wallet's state, stores the state, answers the popup's URL. */
  async init(app: AppRecord, owner: CloudAuthOwner, input: InitInput): Promise<string> {
    if (!allowedRedirect(app, input.redirectTo)) {
      throw new LatchError('invalid_origin', "redirect_to must be a URL on one of the app's allowed origins.");
    }
    if (input.purpose === 'recover') await this.backedUpWith(owner, input.provider);
    const google = input.provider === 'google-drive' ? await this.googleCredentials(app) : null;
    if (input.provider === 'icloud' && !this.ctx.settings.cloudKit)
      throw new LatchError('cloud_provider_not_configured');
    const nonce = google ? randomBytes(32).toString('base64url') : null;
    const created = await this.records.createState(input.stateCode, {
      ...owner,
      provider: input.provider,
      purpose: input.purpose,
      redirectTo: input.redirectTo,
      codeChallenge: input.codeChallenge ?? null,
      nonce,
    });
    if (!created) throw new LatchError('invalid_data', 'This state_code was already used: make a new one.');
    if (!google) {
      const start = new URL(`${this.ctx.settings.publicUrl}${RECOVERY_OAUTH_API.icloudStart}`);
      start.searchParams.set('state', input.stateCode);
      return start.href;
    }
    return authorizationUrl('google', google, {
      redirectUri: this.redirectUri,
      state: input.stateCode,
      codeChallenge: input.codeChallenge ?? '',
      nonce,
    });
  }

  /** iCloud: CloudKit's sign-in URL for a live iCloud state, or null (the page says it expired). */
  async icloudSignIn(state: string): Promise<string | null> {
    const record = await this.records.peekState(state);
    const settings = this.ctx.settings.cloudKit;
    if (record?.provider !== 'icloud' || !settings) return null;
    return cloudKitSignInUrl(settings);
  }

  /**
   * The provider's redirect back: where to send the popup (the init's `redirect_to` with
   * RECOVERY_OAUTH_RETURN_PARAM), or null for an unknown or expired state. Nothing is spent here.
   */
  async callback(params: Record<string, string | undefined>, icloudState?: string): Promise<string | null> {
    const state = params.ckWebAuthToken !== undefined ? icloudState : params.state;
    if (!state) return null;
    const record = await this.records.peekState(state);
    if (!record) return null;
    // CloudKit's web auth token is a bearer token for the app's container: the return (read on the host page)
    // carries a one-time code for it instead, which only `authenticate` (a custody call) redeems.
    const code =
      record.provider === 'icloud'
        ? params.ckWebAuthToken && (await this.holdICloudToken(state, params.ckWebAuthToken, record.expiresAt))
        : params.code;
    const target = new URL(record.redirectTo);
    target.searchParams.set(RECOVERY_OAUTH_RETURN_PARAM.state, state);
    target.searchParams.set(RECOVERY_OAUTH_RETURN_PARAM.provider, record.provider);
    if (code && !params.error) target.searchParams.set(RECOVERY_OAUTH_RETURN_PARAM.code, code);
    else {
      const error = params.error === 'access_denied' ? 'oauth_user_denied' : 'unknown_auth_error';
      target.searchParams.set(RECOVERY_OAUTH_RETURN_PARAM.error, error);
    }
    return target.href;
  }

  /**
   * Redeems the provider's code for the device that started the round trip: answers the provider token (not kept)
   * and a single-use ticket naming the account. A `recover` round trip with another account than the backup's is
   * refused here (`cloud_account_mismatch`) and hands out no token.
   */
  async authenticate(
    app: AppRecord,
    owner: CloudAuthOwner,
    input: { provider: CloudRecoveryMethod; code: string; stateCode: string; codeVerifier?: string },
  ): Promise<WireCloudAuthorization> {
    const record = await this.records.takeState(input.stateCode);
    const sameOwner =
      record &&
      record.appId === owner.appId &&
      record.userId === owner.userId &&
      record.sessionId === owner.sessionId &&
      record.deviceId === owner.deviceId &&
      record.provider === input.provider;
    if (!record || !sameOwner)
      throw new LatchError('unknown_auth_error', 'Unexpected auth flow. This may be a phishing attempt.');
    const { accountId, authorization } =
      record.provider === 'google-drive'
        ? await this.redeemGoogle(app, record.nonce, record.codeChallenge, input)
        : await this.redeemICloud(await this.heldICloudToken(input.stateCode, input.code));
    const accountHash = this.accountHash(owner.appId, record.provider, accountId);
    if (record.purpose === 'recover') {
      const bound = await this.backedUpWith(owner, record.provider);
      if (bound !== accountHash) throw new LatchError('cloud_account_mismatch');
    }
    const ticket = await this.records.mintTicket({
      ...owner,
      provider: record.provider,
      purpose: record.purpose,
      accountHash,
    });
    return { ...authorization, cloud_ticket: ticket } as WireCloudAuthorization;
  }

  /**
   * Spends a ticket of this user and device for `provider` and `purpose`; answers the account hash it carries.
   * Anything else (unknown, used, expired, another device, provider or purpose) → `invalid_cloud_ticket`.
   */
  async takeTicket(
    owner: Omit<CloudAuthOwner, 'sessionId'>,
    ticket: string,
    provider: CloudRecoveryMethod,
    purpose: CloudAuthPurpose,
  ): Promise<string> {
    const record = await this.records.takeTicket(ticket);
    const ok =
      record &&
      record.appId === owner.appId &&
      record.userId === owner.userId &&
      record.deviceId === owner.deviceId &&
      record.provider === provider &&
      record.purpose === purpose;
    if (!record || !ok) throw new LatchError('invalid_cloud_ticket');
    return record.accountHash;
  }

  /** The account hash the user's wallet is backed up with at `provider`; refused when it is not. */
  private async backedUpWith(owner: CloudAuthOwner, provider: CloudRecoveryMethod): Promise<string> {
    const wallet = await this.ctx.custody.getWallet(owner);
    if (!wallet) throw new LatchError('embedded_wallet_not_found');
    const hash = await this.ctx.custody.cloudAccountHash(owner);
    if (wallet.recoveryMethod !== provider || !hash) {
      throw new LatchError('invalid_data', `This wallet is not backed up with ${provider}.`);
    }
    return hash;
  }

  private async redeemGoogle(
    app: AppRecord,
    nonce: string | null,
    challenge: string | null,
    input: { code: string; stateCode: string; codeVerifier?: string },
  ) {
    if (!input.codeVerifier || !challenge)
      throw new LatchError('invalid_data', 'code_verifier is required for Google.');
    const computed = createHash('sha256').update(input.codeVerifier).digest('base64url');
    if (computed !== challenge) throw new LatchError('unknown_auth_error');
    const credentials = await this.googleCredentials(app);
    const { profile, tokens } = await exchangeCode(
      'google',
      credentials,
      {
        redirectUri: this.redirectUri,
        code: input.code,
        state: input.stateCode,
        codeVerifier: input.codeVerifier,
        nonce,
      },
      this.ctx.clock,
    );
    // Google's consent screen lets the user untick a scope: without Drive's app-data folder there is no backup.
    if (!tokens.scopes.includes(DRIVE_SCOPE)) {
      throw new LatchError('oauth_user_denied', 'Allow access to the app data in Google Drive to back up your wallet.');
    }
    const authorization = {
      provider: 'google-drive' as const,
      access_token: tokens.access_token,
      expires_in: tokens.access_token_expires_in_seconds ?? 3600,
    };
    return { accountId: profile.subject, authorization };
  }

  /** Seals `token` for the round trip `state`; answers the one-time code the return carries in its place. */
  private holdICloudToken(state: string, token: string, expiresAt: number): Promise<string> {
    return this.records.holdToken({ state, sealedToken: this.ctx.sealer.seal(token, heldTokenAad(state)) }, expiresAt);
  }

  /** The CloudKit token held behind `code` for the round trip `state`, spent. */
  private async heldICloudToken(state: string, code: string): Promise<string> {
    const held = await this.records.takeHeldToken(code);
    if (held?.state !== state)
      throw new LatchError('unknown_auth_error', 'Unexpected auth flow. This may be a phishing attempt.');
    return this.ctx.sealer.open(held.sealedToken, heldTokenAad(state));
  }

  private async redeemICloud(webAuthToken: string) {
    const settings = this.ctx.settings.cloudKit;
    if (!settings) throw new LatchError('cloud_provider_not_configured');
    const accountId = await cloudKitUser(settings, webAuthToken);
    const authorization = { provider: 'icloud' as const, access_token: webAuthToken, api_token: settings.apiToken };
    return { accountId, authorization };
  }

  /** The app's Google OAuth client (its login credentials), asking only for `openid` and Drive's app-data folder. */
  private async googleCredentials(app: AppRecord): Promise<ProviderCredentials> {
    const stored = await this.ctx.loginCredentials.get<OAuthPublicConfig>(app.id, 'google');
    if (!stored)
      throw new LatchError('cloud_provider_not_configured', 'Google has no OAuth client configured for this app.');
    const publicConfig = { ...stored.publicConfig, scopes: [...CLOUD_BACKUP.googleScopes] };
    return { publicConfig, secret: stored.secret };
  }
}
