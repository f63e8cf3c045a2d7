import type { MfaAction, MfaMethod, MfaState, TotpEnrollmentInfo, WirePasskeyAssertion } from '@latch/protocol';
import type { CloudAuthPurpose, CloudRecoveryMethod, WireCloudAuthorization } from '@latch/protocol/cloudBackup';
import type { WireExportInit } from '@latch/protocol/schemas';

/** What the export init answered: where the code went, or (after a step-up) the auth share itself. */
type ExportStart =
  | Extract<WireExportInit, { channel: 'email' | 'sms' }>
  | { channel: 'step_up'; authShare: Uint8Array };

/** The wallet as the server knows it. */
export interface ServerWallet {
  walletId: string;
  address: `0x${string}`;
  recoveryMethod: 'latch' | 'user-passcode' | CloudRecoveryMethod;
  primaryShareSetId: string;
}

/** Recovery material the frame sends; never a plaintext share or a password. */
export type RecoveryUpload =
  | { method: 'latch'; sealedShare: Uint8Array; recoveryKey: Uint8Array }
  | { method: 'user-passcode'; sealedShare: Uint8Array; salt: Uint8Array; verifier: Uint8Array }
  | { method: CloudRecoveryMethod; sealedShare: Uint8Array; cloudTicket: string };

/** What the server releases to a new device: recovery material and the primary set's auth share. */
export type RecoveryRelease =
  | { method: 'latch'; shareSetId: string; sealedShare: Uint8Array; recoveryKey: Uint8Array; authShare: Uint8Array }
  | { method: 'user-passcode'; shareSetId: string; sealedShare: Uint8Array; salt: Uint8Array; authShare: Uint8Array }
  | { method: CloudRecoveryMethod; shareSetId: string; sealedShare: Uint8Array; authShare: Uint8Array };

/** A recovery OAuth round trip's start (docs/cloud-backup.md). */
export interface CloudAuthStart {
  provider: CloudRecoveryMethod;
  purpose: CloudAuthPurpose;
  redirectTo: string;
  stateCode: string;
  /** S256 challenge of the frame's verifier (Google only). */
  codeChallenge?: string;
}

/** The GET wallet answer: the wallet (or null) and the user's MFA state. */
export interface WalletCheck {
  wallet: ServerWallet | null;
  mfa: MfaState;
}

/** A verification the frame sends (MFA_API.verify): a code for totp / sms, an assertion for passkey, or a recovery code. */
export type MfaVerification =
  | { method: 'totp' | 'sms'; mfaCode: string; action: MfaAction }
  | { method: 'passkey'; credential: WirePasskeyAssertion; action: MfaAction }
  | { method: 'recovery_code'; recoveryCode: string; action: MfaAction };

/** Signs a custody statement with the wallet key (EIP-191 personal_sign, viem `account.signMessage`). */
export type WalletSigner = (message: string) => Promise<`0x${string}`>;

/** A share-set change authorised by the wallet key. */
export interface SignedShareSet {
  walletId: string;
  shareSetId: string;
  signer: WalletSigner;
}

/**
 * What the frame needs from the server's custody endpoints, each call made with the owner's access
 * token and a device proof of this frame's key. Shares travel as `encodeShare` bytes; the server
 * treats them as opaque.
 */
export interface CustodyApi {
  /** Registers this frame's device key with the grant of a fresh login; answers the device id. */
  registerDevice(accessToken: string, grant: string): Promise<{ deviceId: string }>;
  /** The user's embedded wallet (or null) and MFA state. */
  getWallet(accessToken: string): Promise<WalletCheck>;
  /** Registers a new wallet with its auth share and recovery material, signed by the new wallet key (`imported`: the import route). */
  createWallet(
    accessToken: string,
    input: SignedShareSet & { address: string; authShare: Uint8Array; recovery: RecoveryUpload; imported?: boolean },
  ): Promise<void>;
  /** The auth share of a share set bound to this device. */
  getAuthShare(accessToken: string, shareSetId: string): Promise<Uint8Array>;
  /** Registers this device's own 2-of-2 set (after a recovery), signed by the wallet key. */
  addDeviceShareSet(accessToken: string, input: SignedShareSet & { authShare: Uint8Array }): Promise<void>;
  /** Revokes one share set, signed by the wallet key. */
  revokeShareSet(accessToken: string, input: SignedShareSet): Promise<void>;
  /** Recovery material and the primary set's auth share (counted per user per day); a cloud wallet's needs a ticket. */
  getRecovery(accessToken: string, cloudTicket?: string): Promise<RecoveryRelease>;
  /** Recovery OAuth init (Google) or init_icloud: the URL the popup opens. */
  cloudAuthInit(accessToken: string, start: CloudAuthStart): Promise<string>;
  /** Recovery OAuth authenticate: the provider token for the frame's cloud calls and a single-use cloud ticket. */
  cloudAuthenticate(
    accessToken: string,
    input: { provider: CloudRecoveryMethod; authorizationCode: string; stateCode: string; codeVerifier?: string },
  ): Promise<WireCloudAuthorization>;
  /** The online OPRF step (counted and rate-limited by the server). */
  evaluateOprf(accessToken: string, walletId: string, blinded: Uint8Array): Promise<Uint8Array>;
  /** Proves the password after a successful recovery, resetting the attempt counter. */
  confirmPassword(accessToken: string, verifier: Uint8Array): Promise<void>;
  /** Replaces every share set and the recovery material with a freshly split primary set. */
  replaceRecovery(
    accessToken: string,
    input: SignedShareSet & { authShare: Uint8Array; recovery: RecoveryUpload },
  ): Promise<void>;
  /**
   * Export step-up: sends a one-time code to the user's verified channel; or, when the session holds an
   * `export` step-up, answers this device's auth share at once (`authShare`, no code).
   */
  exportInit(accessToken: string): Promise<ExportStart>;
  /** Export step-up: checks the code and releases the auth share of this device's set. */
  exportAuthenticate(accessToken: string, code: string): Promise<Uint8Array>;
  /** MFA: records the single-use verification for `action` on the server (bound to this device). */
  mfaVerify(accessToken: string, verification: MfaVerification): Promise<MfaState>;
  /** MFA: a fresh authenticator-app secret, pending until `totpEnroll`. */
  totpInitEnrollment(accessToken: string): Promise<TotpEnrollmentInfo>;
  /** MFA: confirms the pending authenticator-app secret with a code from the app. */
  totpEnroll(accessToken: string, mfaCode: string): Promise<MfaState>;
  /** MFA: enrols the phone the code (MFA_API.smsInit, action enroll) was sent to. */
  smsEnroll(accessToken: string, phoneNumber: string, mfaCode: string): Promise<MfaState>;
  /** MFA: enrols linked passkeys. */
  passkeysEnroll(accessToken: string, credentialIds: string[]): Promise<MfaState>;
  /** MFA: removes a method. */
  mfaUnenroll(accessToken: string, method: MfaMethod): Promise<MfaState>;
  /** Forgets the kept proof nonce (on `latch:wallet:clear`). */
  forget(): void;
}
