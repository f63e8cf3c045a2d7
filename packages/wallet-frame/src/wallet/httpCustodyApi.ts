import { HEADER, isErrorCode, LatchError, type WireEmbeddedWallet } from '@latch/protocol';
import { WALLET_API } from '@latch/protocol/schemas';
import type { CustodyApi, RecoveryUpload } from './custodyApi.js';

/** Where the frame's custody calls go (the frame's own server). */
export interface HttpCustodyApiOptions {
  apiUrl: string;
  appId: string;
  clientId?: string;
  fetch?: typeof fetch;
}

const b64 = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};
const bytes = (text: string) => {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

function recoveryBody(r: RecoveryUpload) {
  return r.method === 'latch'
    ? { method: r.method, sealed_share: b64(r.sealedShare), recovery_key: b64(r.recoveryKey) }
    : { method: r.method, sealed_share: b64(r.sealedShare), salt: b64(r.salt), verifier: b64(r.verifier) };
}

/** The frame's CustodyApi over the server's WALLET_API endpoints. Errors come back as LatchError. */
export function createHttpCustodyApi(options: HttpCustodyApiOptions): CustodyApi {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function call<T>(accessToken: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      [HEADER.appId]: options.appId,
      [HEADER.authorization]: `Bearer ${accessToken}`,
    };
    if (options.clientId) headers[HEADER.clientId] = options.clientId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(`${options.apiUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
    if (!response.ok) {
      const code = isErrorCode(json?.error) ? json.error : 'internal_error';
      const retryAfter = Number(response.headers.get('retry-after')) || undefined;
      throw new LatchError(code, typeof json?.message === 'string' ? json.message : undefined, {
        status: response.status,
        retryAfter,
      });
    }
    return json as T;
  }

  return {
    async getWallet(token) {
      const { wallet } = await call<{ wallet: WireEmbeddedWallet | null }>(token, 'GET', WALLET_API.wallet);
      return (
        wallet && {
          walletId: wallet.wallet_id,
          address: wallet.address as `0x${string}`,
          recoveryMethod: wallet.recovery_method,
          primaryShareSetId: wallet.primary_share_set_id,
        }
      );
    },
    async createWallet(token, input) {
      await call(token, 'POST', WALLET_API.wallet, {
        wallet_id: input.walletId,
        share_set_id: input.shareSetId,
        address: input.address,
        auth_share: b64(input.authShare),
        recovery: recoveryBody(input.recovery),
      });
    },
    async getAuthShare(token, shareSetId) {
      const r = await call<{ auth_share: string }>(token, 'POST', WALLET_API.authShare, { share_set_id: shareSetId });
      return bytes(r.auth_share);
    },
    async addDeviceShareSet(token, shareSetId, authShare) {
      await call(token, 'POST', WALLET_API.shareSets, { share_set_id: shareSetId, auth_share: b64(authShare) });
    },
    async getProviderRecovery(token) {
      const r = await call<{ share_set_id: string; sealed_share: string; recovery_key?: string }>(
        token,
        'POST',
        WALLET_API.recovery,
        {},
      );
      if (!r.recovery_key) throw new LatchError('invalid_data', 'This wallet does not use provider-managed recovery.');
      return { shareSetId: r.share_set_id, sealedShare: bytes(r.sealed_share), recoveryKey: bytes(r.recovery_key) };
    },
    async getPasswordRecovery(token) {
      const r = await call<{ share_set_id: string; sealed_share: string; salt?: string }>(
        token,
        'POST',
        WALLET_API.recovery,
        {},
      );
      if (!r.salt) throw new LatchError('invalid_data', 'This wallet does not use a recovery password.');
      return { shareSetId: r.share_set_id, sealedShare: bytes(r.sealed_share), salt: bytes(r.salt) };
    },
    async evaluateOprf(token, walletId, blinded) {
      const r = await call<{ evaluated: string }>(token, 'POST', WALLET_API.oprf, {
        wallet_id: walletId,
        blinded: b64(blinded),
      });
      return bytes(r.evaluated);
    },
    async confirmPassword(token, verifier) {
      await call(token, 'POST', WALLET_API.confirmPassword, { verifier: b64(verifier) });
    },
    async replaceRecovery(token, shareSetId, authShare, recovery) {
      await call(token, 'POST', WALLET_API.replaceRecovery, {
        share_set_id: shareSetId,
        auth_share: b64(authShare),
        recovery: recoveryBody(recovery),
      });
    },
  };
}
