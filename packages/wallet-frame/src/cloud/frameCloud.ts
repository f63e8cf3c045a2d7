import { LatchError } from '@latch/protocol';
import {
  CLOUD_BACKUP,
  type CloudAuthPurpose,
  type CloudEndpoints,
  type CloudRecoveryMethod,
  cloudBackupName,
} from '@latch/protocol/cloudBackup';
import type { CustodyApi } from '../wallet/custodyApi.js';
import type { RecoveryChoice } from '../wallet/walletShares.js';
import { type CloudFileStore, cloudFileStore } from './cloudFileStore.js';
import { cloudFileContent, cloudKeyFor } from './cloudRecovery.js';

/** What the frame needs to reach the user's cloud. */
export interface FrameCloudOptions {
  appId: string;
  endpoints: CloudEndpoints;
  fetch?: typeof fetch;
  now?: () => number;
}

/** One redeemed recovery OAuth round trip: the ticket for the custody call and the user's cloud. */
export interface CloudTarget {
  method: CloudRecoveryMethod;
  ticket: string;
  /** Every copy of the wallet's cloud file (newest first), for `cloudKeyFor`. */
  load(address: string): Promise<string[]>;
  /** Writes the share set's cloud key; the returned `undo` puts back what the file held before (nothing: no-op). */
  save(address: string, ids: { walletId: string; shareSetId: string }, key: Uint8Array): Promise<() => Promise<void>>;
  /** The cloud key of the share set among the loaded copies (`cloud_backup_not_found` when none). */
  keyFor(contents: readonly string[], ids: { walletId: string; shareSetId: string }): Uint8Array<ArrayBuffer>;
}

/** The recovery OAuth result the host passes back (`cloudAuth`). */
export type CloudAuth = { authorizationCode: string; stateCode: string };

/** How a create or a recovery change protects the recovery share, as the host asked for it. */
export interface RecoveryInput {
  recoveryMethod: RecoveryChoice['method'];
  password?: string;
  cloudAuth?: CloudAuth;
}

const b64url = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};
const randomCode = () => b64url(crypto.getRandomValues(new Uint8Array(32)));

interface Pending {
  provider: CloudRecoveryMethod;
  purpose: CloudAuthPurpose;
  verifier?: string;
  expires: number;
}

/**
 * The frame's side of the recovery OAuth round trip (docs/cloud-backup.md): `begin` makes the state code and, for
 * Google, the PKCE verifier, and keeps them in this page's memory only (10 minutes); `redeem` spends them once with
 * the code the host passes back, and opens the user's cloud with the provider token the server hands over.
 */
export class FrameCloud {
  private readonly pending = new Map<string, Pending>();
  private readonly now: () => number;

  constructor(private readonly options?: FrameCloudOptions) {
    this.now = options?.now ?? Date.now;
  }

  /** The protection a create or a recovery change asked for; a cloud method redeems its `backup` round trip. */
  async choice(api: CustodyApi, accessToken: string, input: RecoveryInput): Promise<RecoveryChoice> {
    const method = input.recoveryMethod;
    if (method === 'latch') return { method };
    if (method === 'user-passcode') return { method, password: input.password ?? '' };
    return { method, cloud: await this.redeem(api, accessToken, method, 'backup', input.cloudAuth) };
  }

  /**
   * The wallet's cloud file copies, read with a `recover` round trip of the wallet's own cloud; none there is
   * `cloud_backup_not_found` (read before the recovery release is asked for: a missing file spends none).
   */
  async copies(
    api: CustodyApi,
    accessToken: string,
    server: { recoveryMethod: string; address: string },
    auth: CloudAuth | undefined,
  ): Promise<{ target: CloudTarget; contents: string[] }> {
    const method = server.recoveryMethod as CloudRecoveryMethod;
    const target = await this.redeem(api, accessToken, method, 'recover', auth);
    const contents = await target.load(server.address);
    if (contents.length === 0) throw new LatchError('cloud_backup_not_found');
    return { target, contents };
  }

  /** `latch:wallet:cloud-auth-init`: the URL the popup opens and the state its return must carry. */
  async begin(
    api: CustodyApi,
    accessToken: string,
    input: { provider: CloudRecoveryMethod; purpose: CloudAuthPurpose; redirectTo: string },
  ): Promise<{ url: string; stateCode: string }> {
    if (!this.options) throw new LatchError('cloud_provider_not_configured');
    const stateCode = randomCode();
    const verifier = input.provider === 'google-drive' ? randomCode() : undefined;
    const codeChallenge = verifier
      ? b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))))
      : undefined;
    const url = await api.cloudAuthInit(accessToken, { ...input, stateCode, codeChallenge });
    for (const [state, kept] of this.pending) if (kept.expires <= this.now()) this.pending.delete(state);
    this.pending.set(stateCode, {
      provider: input.provider,
      purpose: input.purpose,
      verifier,
      expires: this.now() + CLOUD_BACKUP.stateTtlMs,
    });
    return { url, stateCode };
  }

  /** Spends a round trip this frame began (same provider and purpose): the ticket and the user's cloud. */
  async redeem(
    api: CustodyApi,
    accessToken: string,
    method: CloudRecoveryMethod,
    purpose: CloudAuthPurpose,
    auth: CloudAuth | undefined,
  ): Promise<CloudTarget> {
    if (!this.options) throw new LatchError('cloud_provider_not_configured');
    const { endpoints, fetch: fetcher } = this.options;
    const kept = auth ? this.pending.get(auth.stateCode) : undefined;
    if (auth) this.pending.delete(auth.stateCode);
    if (!auth || !kept || kept.expires <= this.now() || kept.provider !== method || kept.purpose !== purpose) {
      throw new LatchError('unknown_auth_error', 'Unexpected auth flow. This may be a phishing attempt.');
    }
    const authorization = await api.cloudAuthenticate(accessToken, {
      provider: method,
      authorizationCode: auth.authorizationCode,
      stateCode: auth.stateCode,
      codeVerifier: kept.verifier,
    });
    if (authorization.provider !== method) throw new LatchError('cloud_provider_error');
    return this.target(method, authorization.cloud_ticket, cloudFileStore(authorization, endpoints, fetcher));
  }

  /** Forgets every round trip begun (`latch:wallet:clear`). */
  clear(): void {
    this.pending.clear();
  }

  private target(method: CloudRecoveryMethod, ticket: string, store: CloudFileStore): CloudTarget {
    const appId = this.options?.appId ?? '';
    const name = (address: string) => cloudBackupName(appId, address);
    return {
      method,
      ticket,
      load: (address) => store.read(name(address)),
      async save(address, ids, key) {
        const [before] = await store.read(name(address));
        await store.write(name(address), cloudFileContent(appId, ids, key));
        return async () => {
          if (before !== undefined) await store.write(name(address), before).catch(() => undefined);
        };
      },
      keyFor: (contents, ids) => cloudKeyFor(contents, appId, ids),
    };
  }
}
