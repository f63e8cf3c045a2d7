import {
  HEADER,
  isErrorCode,
  LatchError,
  type MfaState,
  type WireEmbeddedWallet,
  type WireMfaEnrollment,
  type WireMfaState,
  type WireTotpEnrollmentInfo,
} from '@latch/protocol';
import { RECOVERY_OAUTH_API, type WireCloudAuthorization } from '@latch/protocol/cloudBackup';
import { MFA_ACTIONS, MFA_API, MFA_METHODS } from '@latch/protocol/mfa';
import {
  type CustodyAction,
  custodyStatement,
  DEVICE_NONCE_HEADER,
  DEVICE_PROOF_HEADER,
  WALLET_API,
  type WireExportInit,
  type WireRecoveryRelease,
} from '@latch/protocol/schemas';
import type { DeviceKey } from '../device/deviceKey.js';
import { createDeviceProof } from '../device/deviceProof.js';
import type { CustodyApi, RecoveryUpload, SignedShareSet } from './custodyApi.js';

/** Where the frame's custody calls go (the frame's own server) and the key that proves them. */
export interface HttpCustodyApiOptions {
  apiUrl: string;
  appId: string;
  clientId?: string;
  /** This frame's device key (loaded once from IndexedDB). */
  deviceKey: () => Promise<DeviceKey>;
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
  if (r.method === 'latch')
    return { method: r.method, sealed_share: b64(r.sealedShare), recovery_key: b64(r.recoveryKey) };
  if (r.method === 'user-passcode') {
    return { method: r.method, sealed_share: b64(r.sealedShare), salt: b64(r.salt), verifier: b64(r.verifier) };
  }
  return { method: r.method, sealed_share: b64(r.sealedShare), cloud_ticket: r.cloudTicket };
}

// The server's MFA state, keeping only known methods and actions. An answer without one fails closed
// (internal_error, nothing unlocked or signed) rather than reading as "no MFA".
function mfaStateFrom(wire: Partial<WireMfaEnrollment> | undefined): MfaState {
  const methods = wire?.mfa_methods;
  const actions = wire?.required_actions;
  if (!Array.isArray(methods) || !Array.isArray(actions)) throw new LatchError('internal_error');
  const state: MfaState = {
    mfaMethods: MFA_METHODS.filter((method) => methods.includes(method)),
    requiredActions: MFA_ACTIONS.filter((action) => actions.includes(action)),
  };
  // The first enrolment's recovery codes (MFA-06), passed on once to the widget that shows them.
  const codes = wire?.recovery_codes;
  if (!Array.isArray(codes)) return state;
  return { ...state, recoveryCodes: codes.filter((code): code is string => typeof code === 'string') };
}

/** A request body built once its proof nonce is known (wallet signatures sign that nonce). */
type Body = (nonce: string) => Promise<object> | object;

/**
 * The frame's CustodyApi over the server's WALLET_API endpoints. Every call carries a device proof
 * over a server nonce: the nonce of the last response (`latch-device-nonce`), else a fresh one from
 * WALLET_API.nonce; a call refused with `invalid_device_proof` is retried once with a fresh nonce.
 * Errors come back as LatchError.
 */
export function createHttpCustodyApi(options: HttpCustodyApiOptions): CustodyApi {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  // One kept nonce; taking it empties it, so two concurrent calls never spend the same nonce.
  let keptNonce: string | null = null;

  const baseHeaders = (accessToken: string): Record<string, string> => {
    const headers: Record<string, string> = {
      [HEADER.appId]: options.appId,
      [HEADER.authorization]: `Bearer ${accessToken}`,
    };
    if (options.clientId) headers[HEADER.clientId] = options.clientId;
    return headers;
  };

  async function parse<T>(response: Response): Promise<T> {
    const next = response.headers.get(DEVICE_NONCE_HEADER);
    if (next) keptNonce = next;
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

  async function freshNonce(accessToken: string): Promise<string> {
    const response = await doFetch(`${options.apiUrl}${WALLET_API.nonce}`, {
      method: 'POST',
      headers: baseHeaders(accessToken),
    });
    const { nonce } = await parse<{ nonce?: unknown }>(response);
    if (typeof nonce !== 'string') throw new LatchError('internal_error');
    return nonce;
  }

  async function call<T>(accessToken: string, method: 'GET' | 'POST', path: string, body?: Body): Promise<T> {
    const key = await options.deviceKey();
    for (let attempt = 0; ; attempt++) {
      let nonce = attempt === 0 ? keptNonce : null;
      keptNonce = null;
      nonce ??= await freshNonce(accessToken);
      // The exact text sent is the text hashed into `bh`.
      const text = method === 'GET' ? '' : JSON.stringify(body ? await body(nonce) : {});
      const proof = await createDeviceProof(key, { htm: method, htu: path, nonce, accessToken, body: text });
      const headers: Record<string, string> = { ...baseHeaders(accessToken), [DEVICE_PROOF_HEADER]: proof };
      if (method === 'POST') headers['content-type'] = 'application/json';
      const response = await doFetch(`${options.apiUrl}${path}`, {
        method,
        headers,
        body: method === 'GET' ? undefined : text,
      });
      try {
        return await parse<T>(response);
      } catch (error) {
        // A stale or spent nonce (another tab, a user change): one retry with a fresh one.
        if (attempt === 0 && error instanceof LatchError && error.code === 'invalid_device_proof') continue;
        throw error;
      }
    }
  }

  // An MFA frame route: a POST with a proof that answers the user's MFA state.
  const mfaState = async (token: string, path: string, body: Body) =>
    mfaStateFrom(await call<WireMfaEnrollment>(token, 'POST', path, body));

  const signature = (action: CustodyAction, input: SignedShareSet, nonce: string) =>
    input.signer(
      custodyStatement({ action, appId: options.appId, walletId: input.walletId, shareSetId: input.shareSetId, nonce }),
    );

  return {
    async registerDevice(token, grant) {
      const r = await call<{ device_id: string }>(token, 'POST', WALLET_API.devices, () => ({ grant }));
      return { deviceId: r.device_id };
    },
    async getWallet(token) {
      const r = await call<{ wallet: WireEmbeddedWallet | null; mfa?: WireMfaState }>(token, 'GET', WALLET_API.wallet);
      const { wallet } = r;
      return {
        wallet: wallet && {
          walletId: wallet.wallet_id,
          address: wallet.address as `0x${string}`,
          recoveryMethod: wallet.recovery_method,
          primaryShareSetId: wallet.primary_share_set_id,
        },
        mfa: mfaStateFrom(r.mfa),
      };
    },
    async createWallet(token, input) {
      await call(token, 'POST', input.imported ? WALLET_API.importWallet : WALLET_API.wallet, async (nonce) => ({
        wallet_id: input.walletId,
        share_set_id: input.shareSetId,
        address: input.address,
        auth_share: b64(input.authShare),
        recovery: recoveryBody(input.recovery),
        wallet_signature: await signature('create-wallet', input, nonce),
      }));
    },
    async getAuthShare(token, shareSetId) {
      const r = await call<{ auth_share: string }>(token, 'POST', WALLET_API.authShare, () => ({
        share_set_id: shareSetId,
      }));
      return bytes(r.auth_share);
    },
    async addDeviceShareSet(token, input) {
      await call(token, 'POST', WALLET_API.shareSets, async (nonce) => ({
        share_set_id: input.shareSetId,
        auth_share: b64(input.authShare),
        wallet_signature: await signature('add-share-set', input, nonce),
      }));
    },
    async revokeShareSet(token, input) {
      await call(token, 'POST', WALLET_API.revokeShareSet, async (nonce) => ({
        share_set_id: input.shareSetId,
        wallet_signature: await signature('revoke-share-set', input, nonce),
      }));
    },
    async getRecovery(token, cloudTicket) {
      const body = cloudTicket ? () => ({ cloud_ticket: cloudTicket }) : undefined;
      const r = await call<WireRecoveryRelease>(token, 'POST', WALLET_API.recovery, body);
      const common = { shareSetId: r.share_set_id, sealedShare: bytes(r.sealed_share), authShare: bytes(r.auth_share) };
      if (r.method === 'latch') return { method: r.method, ...common, recoveryKey: bytes(r.recovery_key) };
      if (r.method === 'user-passcode') return { method: r.method, ...common, salt: bytes(r.salt) };
      return { method: r.method, ...common };
    },
    async cloudAuthInit(token, start) {
      const common = { purpose: start.purpose, redirect_to: start.redirectTo, state_code: start.stateCode };
      const r =
        start.provider === 'icloud'
          ? await call<{ url: string }>(token, 'POST', RECOVERY_OAUTH_API.initICloud, () => ({
              client_type: 'web',
              ...common,
            }))
          : await call<{ url: string }>(token, 'POST', RECOVERY_OAUTH_API.init, () => ({
              provider: 'google-drive',
              ...common,
              code_challenge: start.codeChallenge,
            }));
      return r.url;
    },
    cloudAuthenticate: (token, input) =>
      call<WireCloudAuthorization>(token, 'POST', RECOVERY_OAUTH_API.authenticate, () => ({
        provider: input.provider,
        authorization_code: input.authorizationCode,
        state_code: input.stateCode,
        ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
      })),
    async evaluateOprf(token, walletId, blinded) {
      const r = await call<{ evaluated: string }>(token, 'POST', WALLET_API.oprf, () => ({
        wallet_id: walletId,
        blinded: b64(blinded),
      }));
      return bytes(r.evaluated);
    },
    async confirmPassword(token, verifier) {
      await call(token, 'POST', WALLET_API.confirmPassword, () => ({ verifier: b64(verifier) }));
    },
    async replaceRecovery(token, input) {
      await call(token, 'POST', WALLET_API.replaceRecovery, async (nonce) => ({
        share_set_id: input.shareSetId,
        auth_share: b64(input.authShare),
        recovery: recoveryBody(input.recovery),
        wallet_signature: await signature('replace-recovery', input, nonce),
      }));
    },
    async exportInit(token) {
      const r = await call<WireExportInit>(token, 'POST', WALLET_API.exportInit);
      return r.channel === 'step_up' ? { channel: 'step_up', authShare: bytes(r.auth_share) } : r;
    },
    async exportAuthenticate(token, code) {
      const r = await call<{ auth_share: string }>(token, 'POST', WALLET_API.exportAuthenticate, () => ({ code }));
      return bytes(r.auth_share);
    },
    mfaVerify: async (token, verification) =>
      mfaState(token, MFA_API.verify, () => {
        const { action } = verification;
        if (verification.method === 'passkey')
          return { method: 'passkey', credential: verification.credential, action };
        if (verification.method === 'recovery_code') {
          return { method: 'recovery_code', recovery_code: verification.recoveryCode, action };
        }
        return { method: verification.method, mfa_code: verification.mfaCode, action };
      }),
    async totpInitEnrollment(token) {
      const r = await call<WireTotpEnrollmentInfo>(token, 'POST', MFA_API.totpInitEnrollment);
      return { authUrl: r.auth_url, secret: r.secret };
    },
    totpEnroll: (token, mfaCode) => mfaState(token, MFA_API.totpEnroll, () => ({ mfa_code: mfaCode })),
    smsEnroll: (token, phoneNumber, mfaCode) =>
      mfaState(token, MFA_API.smsEnroll, () => ({ phone_number: phoneNumber, mfa_code: mfaCode })),
    passkeysEnroll: (token, ids) => mfaState(token, MFA_API.passkeysEnroll, () => ({ credential_ids: ids })),
    mfaUnenroll: (token, method) => mfaState(token, MFA_API.unenroll, () => ({ method })),
    forget() {
      keptNonce = null;
    },
  };
}
