import { LatchError, TIMEOUT, type WireFarcasterSigner } from '@latch/protocol';
import type { Hex } from 'viem';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import type { LinkedAccountRow } from '../../identity/identityTables.js';
import { updateAccountDetails } from '../../identity/users/updateAccountDetails.js';
import type { FarcasterContext } from './FarcasterLogin.js';

/** The app's signer-request identity, stored as its `farcaster` login credentials (public app_fid, secret key). */
export interface FarcasterAppConfig {
  app_fid: number;
}

/** A signer request as remembered between polls. */
interface StoredRequest {
  token: string;
  deeplinkUrl: string;
  revoked?: boolean;
}

/** A request's deadline outlives the widget's 300 s signer timeout (SPEC §4) by a few minutes of slack. */
const REQUEST_LIFETIME_MS = TIMEOUT.farcasterSigner + 5 * 60_000;

/**
 * Farcaster signers (SPEC §3 the signer; §7 signer status): the frame's ed25519 key becomes the user's signer
 * once the user approves the app's signed key request in the Farcaster app. The first status call creates the
 * request (signed by the app's fid key) at Farcaster's API; later calls poll it; a completed request by the
 * user's own fid records the key on the user's `farcaster` account (`signer_public_key`).
 */
export class FarcasterSigners {
  constructor(
    private readonly ctx: FarcasterContext,
    private readonly apiUrl: string,
  ) {}

  /** The signer of `publicKey` for the caller: approved, revoked, or pending with its approval URL. */
  async status(caller: AuthenticatedUser, publicKey: string): Promise<WireFarcasterSigner> {
    const { app, user } = caller;
    if (!app.config.farcaster_auth)
      throw new LatchError('disallowed_login_method', 'Login with Farcaster not allowed.');
    const account = caller.accounts.find((a) => a.type === 'farcaster');
    if (!account) throw new LatchError('account_not_linked', 'Link a Farcaster account before adding a signer.');
    if (account.details.signer_public_key === publicKey) return { public_key: publicKey, status: 'approved' };
    const key = `farcaster-signer:${app.id}:${user.id}:${publicKey}`;
    const stored = await this.read(key);
    if (stored?.revoked) return { public_key: publicKey, status: 'revoked' };
    const { createSignedKeyRequest, keyRequestState } = await import('./signedKeyRequest.js');
    if (!stored) {
      const appKey = await this.appKey(app.id);
      const deadline = Math.floor((this.ctx.clock.now().getTime() + REQUEST_LIFETIME_MS) / 1000);
      const created = await createSignedKeyRequest(this.apiUrl, appKey, publicKey as Hex, deadline);
      await this.ctx.shortLived.set(key, JSON.stringify(created), REQUEST_LIFETIME_MS);
      return { public_key: publicKey, status: 'pending_approval', signer_approval_url: created.deeplinkUrl };
    }
    const request = await keyRequestState(this.apiUrl, stored.token);
    const fid = Number(account.details.fid);
    if (request.state === 'completed' && request.userFid === fid) {
      await this.approve(account, publicKey);
      await this.ctx.shortLived.delete(key);
      return { public_key: publicKey, status: 'approved' };
    }
    // Approved by another fid, or refused: this key will never be the user's signer.
    const refused = !['pending', 'approved', 'completed'].includes(request.state);
    if (refused || (request.userFid !== undefined && request.userFid !== fid)) {
      await this.ctx.shortLived.set(key, JSON.stringify({ ...stored, revoked: true }), REQUEST_LIFETIME_MS);
      return { public_key: publicKey, status: 'revoked' };
    }
    return { public_key: publicKey, status: 'pending_approval', signer_approval_url: stored.deeplinkUrl };
  }

  /** The app's fid and signing key, or `farcaster_signer_not_configured`. */
  private async appKey(appId: string): Promise<{ fid: number; privateKey: Hex }> {
    const credential = await this.ctx.loginCredentials.get<FarcasterAppConfig>(appId, 'farcaster');
    const fid = credential?.publicConfig.app_fid;
    const secret = credential?.secret;
    if (!Number.isSafeInteger(fid) || !secret || !/^0x[0-9a-fA-F]{64}$/.test(secret)) {
      throw new LatchError('farcaster_signer_not_configured');
    }
    return { fid: fid as number, privateKey: secret as Hex };
  }

  private async read(key: string): Promise<StoredRequest | undefined> {
    const raw = await this.ctx.shortLived.get(key);
    return raw === null ? undefined : (JSON.parse(raw) as StoredRequest);
  }

  /** Records the approved key on the user's Farcaster account (its webhook event commits with it). */
  private async approve(account: LinkedAccountRow, publicKey: string): Promise<void> {
    const details = JSON.stringify({ ...account.details, signer_public_key: publicKey });
    await updateAccountDetails(this.ctx.db, account, details, this.ctx.clock.now());
  }
}
