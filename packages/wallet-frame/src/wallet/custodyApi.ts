/** The wallet as the server knows it. */
export interface ServerWallet {
  walletId: string;
  address: `0x${string}`;
  recoveryMethod: 'latch' | 'user-passcode';
  primaryShareSetId: string;
}

/** Recovery material the frame sends; never a plaintext share or a password. */
export type RecoveryUpload =
  | { method: 'latch'; sealedShare: Uint8Array; recoveryKey: Uint8Array }
  | { method: 'user-passcode'; sealedShare: Uint8Array; salt: Uint8Array; verifier: Uint8Array };

/**
 * What the frame needs from the server's custody endpoints, each call made with the owner's access
 * token. Shares travel as `encodeShare` bytes; the server treats them as opaque.
 */
export interface CustodyApi {
  /** The user's embedded wallet, or null. */
  getWallet(accessToken: string): Promise<ServerWallet | null>;
  /** Registers a new wallet with its auth share and recovery material. */
  createWallet(
    accessToken: string,
    input: { walletId: string; shareSetId: string; address: string; authShare: Uint8Array; recovery: RecoveryUpload },
  ): Promise<void>;
  /** The auth share of one of the user's live share sets. */
  getAuthShare(accessToken: string, shareSetId: string): Promise<Uint8Array>;
  /** Registers this device's own 2-of-2 set. */
  addDeviceShareSet(accessToken: string, shareSetId: string, authShare: Uint8Array): Promise<void>;
  /** Provider-managed recovery material. */
  getProviderRecovery(
    accessToken: string,
  ): Promise<{ shareSetId: string; sealedShare: Uint8Array; recoveryKey: Uint8Array }>;
  /** Password recovery material. */
  getPasswordRecovery(accessToken: string): Promise<{ shareSetId: string; sealedShare: Uint8Array; salt: Uint8Array }>;
  /** The online OPRF step (counted and rate-limited by the server). */
  evaluateOprf(accessToken: string, walletId: string, blinded: Uint8Array): Promise<Uint8Array>;
  /** Proves the password after a successful recovery, resetting the attempt counter. */
  confirmPassword(accessToken: string, verifier: Uint8Array): Promise<void>;
  /** Replaces every share set and the recovery material with a freshly split primary set. */
  replaceRecovery(
    accessToken: string,
    shareSetId: string,
    authShare: Uint8Array,
    recovery: RecoveryUpload,
  ): Promise<void>;
}
