import {
  type DeviceRegisterData,
  LatchError,
  type MfaState,
  TIMEOUT,
  type TotpEnrollmentInfo,
  type WalletAddressResult,
  type WalletRpcResult,
} from '@latch/protocol';
import type { FarcasterSignature, FarcasterSignerKey } from '@latch/protocol/farcaster';
import { FRAME_PATH, WALLET_EVENT, type WalletEvent } from '@latch/protocol/frame';
import {
  type FarcasterInitSignerData,
  type FarcasterSignData,
  type MfaInitEnrollmentData,
  type MfaSubmitEnrollmentData,
  type MfaUnenrollData,
  type MfaVerifyData,
  parseWalletReply,
  type WalletCloudAuthInitData,
  type WalletCreateData,
  type WalletImportData,
  type WalletRecoverData,
  type WalletRpcData,
  type WalletSetRecoveryCloudData,
  type WalletSetRecoveryPasswordData,
} from '@latch/protocol/schemas';
import { type Clock, systemClock } from '../clock.js';
import { EmbeddedWalletError } from './embeddedWalletError.js';
import { browserFrameHost, type FrameHost, type FrameTarget, type HostMessage } from './frameHost.js';
import { CREATE_TIMED_OUT_TEXT, toEmbeddedWalletError } from './toEmbeddedWalletError.js';

/** Options of `createEmbeddedWalletBridge`. */
export interface EmbeddedWalletBridgeOptions {
  apiUrl: string;
  appId: string;
  clientId?: string;
  /** The client analytics id, passed to the frame as `caid`. */
  analyticsId?: string;
  clock?: Clock;
  /** The host page side (default: the browser's document and window). */
  host?: FrameHost;
}

/** The host page's bridge to the wallet frame (SPEC §7 messages). */
export interface EmbeddedWalletBridge {
  /** Mounts the frame if needed and waits up to `timeoutMs` for its `latch:iframe:ready`. */
  ready(timeoutMs?: number): Promise<void>;
  /** Creates the user's wallet; identical in-flight creates share one request (10 s timeout). */
  create(data: WalletCreateData, readyTimeoutMs?: number): Promise<WalletAddressResult>;
  /** Unlocks the wallet with this device's share (`wallet_not_on_device` when it has none). */
  connect(data: { accessToken: string; address: string }): Promise<WalletAddressResult>;
  /** Restores the wallet on a device without its share. */
  recover(data: WalletRecoverData): Promise<WalletAddressResult>;
  /** Sets (or replaces) the wallet's recovery password on a device that holds its share. */
  setRecoveryPassword(data: WalletSetRecoveryPasswordData): Promise<WalletAddressResult>;
  /** Signs with the wallet (personal_sign, eth_signTypedData_v4, eth_signTransaction). */
  rpc(data: WalletRpcData): Promise<WalletRpcResult>;
  /** Registers the frame's device key with the device grant of the login that gave `accessToken`. */
  registerDevice(data: DeviceRegisterData): Promise<void>;
  /** The lazy bridge's loaded real bridge (for the calls it does not relay, e.g. MFA). */
  load?(): Promise<EmbeddedWalletBridge>;
  /**
   * `latch:wallet:import`: the frame asks for a private key in its own form (placed by the screen) and imports it;
   * waits `readyTimeoutMs` for the frame (SPEC's 15000 ms), then up to TIMEOUT.walletRequest for the user.
   */
  importWallet?(data: WalletImportData, readyTimeoutMs?: number): Promise<WalletAddressResult>;
  /** `latch:wallet:cloud-auth-init`: the frame starts a recovery OAuth round trip (docs/cloud-backup.md). */
  cloudAuthInit?(data: WalletCloudAuthInitData): Promise<{ url: string; stateCode: string }>;
  /** `latch:wallet:set-recovery-cloud`: switches the wallet's recovery to a cloud backup. */
  setRecoveryCloud?(data: WalletSetRecoveryCloudData): Promise<WalletAddressResult>;
  /** `latch:mfa:verify`: the frame verifies a code or passkey assertion for one action (docs/mfa.md). */
  mfaVerify?(data: MfaVerifyData): Promise<MfaState>;
  /** `latch:mfa:init-enrollment`: a pending authenticator-app secret. */
  mfaInitEnrollment?(data: MfaInitEnrollmentData): Promise<TotpEnrollmentInfo>;
  /** `latch:mfa:submit-enrollment`: confirms a method. */
  mfaSubmitEnrollment?(data: MfaSubmitEnrollmentData): Promise<MfaState>;
  /** `latch:mfa:unenroll`: removes a method. */
  mfaUnenroll?(data: MfaUnenrollData): Promise<MfaState>;
  /** `latch:mfa:clear`: the frame forgets its MFA permits; mounts nothing. */
  mfaClear?(): Promise<void>;
  /** `latch:farcaster:init-signer`: the public key of the wallet's Farcaster signer (docs/farcaster.md). */
  farcasterInitSigner?(data: FarcasterInitSignerData): Promise<FarcasterSignerKey>;
  /** `latch:farcaster:sign`: bytes signed with the Farcaster signer, after the frame's confirmation. */
  farcasterSign?(data: FarcasterSignData): Promise<FarcasterSignature>;
  /** Tells a mounted, ready frame to forget every unlocked key and token; mounts nothing. */
  clear(): Promise<void>;
  /** Removes the frame and rejects what is pending (a later call mounts a fresh frame). */
  destroy(): void;
}

interface Pending {
  resolve(data: unknown): void;
  reject(error: unknown): void;
  timer: unknown;
}

/** The frame page's address for an app (SPEC §7: `caid` and `client_id` query parameters). */
function embeddedWalletFrameUrl(
  options: Pick<EmbeddedWalletBridgeOptions, 'apiUrl' | 'appId' | 'clientId' | 'analyticsId'>,
): string {
  const url = new URL(FRAME_PATH.wallet(options.appId), options.apiUrl);
  if (options.analyticsId) url.searchParams.set('caid', options.analyticsId);
  if (options.clientId) url.searchParams.set('client_id', options.clientId);
  return url.toString();
}

/**
 * Creates the bridge: mounts the hidden frame on first use, answers only messages from that frame's
 * window and exact origin, posts only to that origin, matches replies by id.
 */
export function createEmbeddedWalletBridge(options: EmbeddedWalletBridgeOptions): EmbeddedWalletBridge {
  const clock = options.clock ?? systemClock;
  const src = embeddedWalletFrameUrl(options);
  const frameOrigin = new URL(src).origin;
  const pending = new Map<string, Pending>();
  const creates = new Map<string, Promise<WalletAddressResult>>();
  let frame: { target: FrameTarget; remove(): void } | null = null;
  let unlisten: (() => void) | null = null;
  let readyState: { promise: Promise<void>; resolve(): void; reject(error: unknown): void } | null = null;
  let isReady = false;
  let nextId = 0;

  const onMessage = (message: HostMessage) => {
    if (!frame || message.source !== frame.target || message.origin !== frameOrigin) return;
    const reply = parseWalletReply(message.data);
    if (!reply) return;
    if (reply.event === WALLET_EVENT.ready && !('error' in reply)) {
      isReady = true;
      readyState?.resolve();
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    clock.clearTimeout(waiting.timer);
    if ('error' in reply)
      waiting.reject(toEmbeddedWalletError(reply.error, reply.event === WALLET_EVENT.walletRecover));
    else waiting.resolve(reply.data);
  };

  function mount() {
    if (frame) return;
    let resolve: () => void = () => {};
    let reject: (error: unknown) => void = () => {};
    const promise = new Promise<void>((onReady, onFail) => {
      resolve = onReady;
      reject = onFail;
    });
    // Only waiters of ready() observe a failure; an unwaited one is not an unhandled rejection.
    promise.catch(() => undefined);
    readyState = { promise, resolve, reject };
    const host = options.host ?? browserFrameHost();
    // Listen before mounting so the frame's ready announcement cannot be missed.
    unlisten = host.listen(onMessage);
    frame = host.mountFrame(src);
  }

  function unmount() {
    unlisten?.();
    frame?.remove();
    frame = null;
    unlisten = null;
    readyState = null;
    isReady = false;
  }

  async function ready(timeoutMs: number = TIMEOUT.walletProxyDirect): Promise<void> {
    mount();
    if (isReady || !readyState) return;
    const state = readyState;
    let timer: unknown;
    const timedOut = new Promise<never>((_, reject) => {
      timer = clock.setTimeout(() => {
        reject(
          new EmbeddedWalletError('client_request_timeout', 'The wallet proxy did not answer in time.', 'timeout'),
        );
      }, timeoutMs);
    });
    try {
      await Promise.race([state.promise, timedOut]);
    } catch (error) {
      // A frame that never got ready is dropped, so the next call mounts a fresh one.
      if (readyState === state) unmount();
      throw error;
    } finally {
      clock.clearTimeout(timer);
    }
  }

  function request<T>(event: WalletEvent, data: unknown, timeoutMs: number, timeoutText: string): Promise<T> {
    const target = frame?.target;
    if (!target) return Promise.reject(new LatchError('internal_error', 'The wallet frame is not mounted.'));
    nextId += 1;
    const id = `${event}:${clock.now().toString(36)}:${nextId}`;
    return new Promise<T>((resolve, reject) => {
      const timer = clock.setTimeout(() => {
        pending.delete(id);
        reject(new EmbeddedWalletError('client_request_timeout', timeoutText, 'timeout'));
      }, timeoutMs);
      pending.set(id, { resolve: resolve as (data: unknown) => void, reject, timer });
      target.postMessage({ id, event, data }, frameOrigin);
    });
  }

  async function call<T>(event: WalletEvent, data: unknown, timeoutMs = TIMEOUT.walletRequest): Promise<T> {
    await ready();
    return request<T>(event, data, timeoutMs, 'The wallet request timed out.');
  }

  return {
    ready,
    create(data, readyTimeoutMs = TIMEOUT.walletProxyDirect) {
      const key = JSON.stringify([
        data.accessToken,
        data.recoveryMethod ?? null,
        data.password ?? null,
        data.cloudAuth?.stateCode ?? null,
      ]);
      const existing = creates.get(key);
      if (existing) return existing;
      const run = (async () => {
        await ready(readyTimeoutMs);
        return request<WalletAddressResult>(
          WALLET_EVENT.walletCreate,
          data,
          TIMEOUT.walletCreate,
          CREATE_TIMED_OUT_TEXT,
        );
      })().finally(() => creates.delete(key));
      creates.set(key, run);
      return run;
    },
    async importWallet(data, readyTimeoutMs = TIMEOUT.walletProxyDirect) {
      await ready(readyTimeoutMs);
      return request(WALLET_EVENT.walletImport, data, TIMEOUT.walletRequest, 'The wallet request timed out.');
    },
    connect: (data) => call(WALLET_EVENT.walletConnect, data),
    recover: (data) => call(WALLET_EVENT.walletRecover, data),
    setRecoveryPassword: (data) => call(WALLET_EVENT.walletSetRecoveryPassword, data),
    rpc: (data) => call(WALLET_EVENT.walletRpc, data),
    cloudAuthInit: (data) => call(WALLET_EVENT.walletCloudAuthInit, data),
    setRecoveryCloud: (data) => call(WALLET_EVENT.walletSetRecoveryCloud, data),
    async registerDevice(data) {
      await call(WALLET_EVENT.deviceRegister, data);
    },
    mfaVerify: (data) => call(WALLET_EVENT.mfaVerify, data),
    mfaInitEnrollment: (data) => call(WALLET_EVENT.mfaInitEnrollment, data),
    mfaSubmitEnrollment: (data) => call(WALLET_EVENT.mfaSubmitEnrollment, data),
    mfaUnenroll: (data) => call(WALLET_EVENT.mfaUnenroll, data),
    farcasterInitSigner: (data) => call(WALLET_EVENT.farcasterInitSigner, data),
    farcasterSign: (data) => call(WALLET_EVENT.farcasterSign, data),
    async mfaClear() {
      if (!frame || !isReady) return;
      await request(WALLET_EVENT.mfaClear, {}, TIMEOUT.walletProxyDirect, 'The wallet request timed out.');
    },
    async clear() {
      // A frame that is not mounted or never got ready holds nothing to forget: do not load one for it.
      if (!frame || !isReady) return;
      await request(WALLET_EVENT.walletClear, {}, TIMEOUT.walletProxyDirect, 'The wallet request timed out.');
    },
    destroy() {
      for (const [id, waiting] of pending) {
        clock.clearTimeout(waiting.timer);
        waiting.reject(new LatchError('client_request_cancelled'));
        pending.delete(id);
      }
      readyState?.reject(new LatchError('client_request_cancelled'));
      unmount();
    },
  };
}
