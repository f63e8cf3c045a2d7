import * as v from 'valibot';

/** The request header carrying the device proof (a compact JWS, DPoP-shaped: RFC 9449). */
export const DEVICE_PROOF_HEADER = 'latch-device-proof';
/** A response header with a fresh nonce for the next proof (saves the nonce round trip). */
export const DEVICE_NONCE_HEADER = 'latch-device-nonce';
/** The `typ` of a device proof's protected header. */
export const DEVICE_PROOF_TYP = 'latch-device+jwt';

/**
 * The payload of a device proof, signed ES256 by the device key (non-extractable P-256 in the frame);
 * the protected header is `{ typ: DEVICE_PROOF_TYP, alg: 'ES256', jwk: <the device's public JWK> }`.
 * The device id is the key's RFC 7638 thumbprint (SHA-256, base64url).
 */
export interface DeviceProofPayload {
  /** HTTP method, upper case. */
  htm: 'GET' | 'POST';
  /** The request path, e.g. `/api/v1/embedded_wallets/share_sets/auth_share` (no origin, no query). */
  htu: string;
  /** A nonce from WALLET_API.nonce or the last DEVICE_NONCE_HEADER; single use. */
  nonce: string;
  /** Seconds since the epoch. */
  iat: number;
  /** base64url(SHA-256(access token)): binds the proof to the bearer token it travels with. */
  ath: string;
  /** base64url(SHA-256(the exact request body bytes)); the hash of '' for a GET. */
  bh: string;
}

/** Custody limits and lifetimes (docs/custody.md). */
export const CUSTODY_LIMIT = {
  /** A device grant's lifetime after the login that minted it. */
  deviceGrantTtlMs: 10 * 60 * 1000,
  /** A proof nonce's lifetime. */
  deviceNonceTtlMs: 5 * 60 * 1000,
  /** Proofs whose `iat` is further than this from the server's clock are refused. */
  proofMaxSkewSeconds: 300,
  /** New-device recoveries (recovery material releases) per user per day. */
  newDevicesPerDay: 10,
  /** Export step-up codes sent per user per hour. */
  exportCodesPerHour: 5,
  /** Export step-up code lifetime. */
  exportCodeTtlMs: 10 * 60 * 1000,
  /** Private-key imports tried per user per UTC day (a refused one counts too). */
  importsPerDay: 5,
  /** An import needs a login this recent (the session family's start): the device grant's lifetime. */
  importFreshLoginMs: 10 * 60 * 1000,
  /** The largest frame message (JSON text) the frame handles. */
  maxFrameMessageBytes: 128 * 1024,
} as const;

/** What a wallet-key signature authorises (EIP-191 personal_sign of `custodyStatement`). */
export type CustodyAction = 'create-wallet' | 'add-share-set' | 'replace-recovery' | 'revoke-share-set';

/**
 * The text the wallet key signs (EIP-191) to authorise creating the wallet or changing its share sets.
 * `nonce` is the nonce of the same request's device proof, so a signature is good for one request.
 */
export function custodyStatement(input: {
  action: CustodyAction;
  appId: string;
  walletId: string;
  shareSetId: string;
  nonce: string;
}): string {
  return [
    `Latch custody: ${input.action}`,
    `app: ${input.appId}`,
    `wallet: ${input.walletId}`,
    `share set: ${input.shareSetId}`,
    `nonce: ${input.nonce}`,
  ].join('\n');
}

const bytes = (max: number) => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url'), v.maxLength(max));
const uuid = v.pipe(v.string(), v.uuid());
const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'));

/** Recovery material as the frame uploads it. */
export const RecoveryUploadBody = v.variant('method', [
  v.object({ method: v.literal('latch'), sealed_share: bytes(2048), recovery_key: bytes(64) }),
  v.object({ method: v.literal('user-passcode'), sealed_share: bytes(2048), salt: bytes(128), verifier: bytes(64) }),
  // Cloud backups (docs/cloud-backup.md): the ciphertext only; its key is in the user's cloud. The ticket of the
  // recovery OAuth authenticate (purpose `backup`) names the cloud account the backup is bound to.
  v.object({
    method: v.picklist(['google-drive', 'icloud']),
    sealed_share: bytes(2048),
    cloud_ticket: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid cloud ticket')),
  }),
]);

const walletSignature = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{130}$/, 'Invalid signature'));

/** POST WALLET_API.wallet: register a new wallet; `wallet_signature` proves possession of its key. */
export const CreateWalletBody = v.object({
  wallet_id: uuid,
  share_set_id: uuid,
  address,
  auth_share: bytes(512),
  recovery: RecoveryUploadBody,
  /** custodyStatement('create-wallet', …) signed by the new wallet's key. */
  wallet_signature: walletSignature,
});

/** POST WALLET_API.authShare: the auth share of a set bound to the calling device. */
export const ShareSetIdBody = v.object({ share_set_id: uuid });

/** POST WALLET_API.revokeShareSet: signed by the wallet key. */
export const RevokeShareSetBody = v.object({ share_set_id: uuid, wallet_signature: walletSignature });

/** POST WALLET_API.shareSets: a new device's own set, bound to the calling device, signed by the wallet key. */
export const AddShareSetBody = v.object({
  share_set_id: uuid,
  auth_share: bytes(512),
  wallet_signature: walletSignature,
});

/** POST WALLET_API.replaceRecovery: signed by the wallet key. */
export const ReplaceRecoveryBody = v.object({
  share_set_id: uuid,
  auth_share: bytes(512),
  recovery: RecoveryUploadBody,
  wallet_signature: walletSignature,
});

/** POST WALLET_API.devices. */
export const RegisterDeviceBody = v.object({ grant: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/)) });

/** POST WALLET_API.exportAuthenticate. */
export const ExportCodeBody = v.object({ code: v.pipe(v.string(), v.regex(/^\d{6}$/, 'Code should be numeric')) });

/** POST WALLET_API.oprf. */
export const OprfBody = v.object({ wallet_id: uuid, blinded: bytes(128) });

/** POST WALLET_API.confirmPassword. */
export const ConfirmPasswordBody = v.object({ verifier: bytes(64) });

/**
 * The answer of POST WALLET_API.recovery: the recovery material and the primary set's auth share
 * (a new device needs both; the call is counted against CUSTODY_LIMIT.newDevicesPerDay).
 */
export type WireRecoveryRelease =
  | { method: 'latch'; share_set_id: string; sealed_share: string; recovery_key: string; auth_share: string }
  | { method: 'user-passcode'; share_set_id: string; sealed_share: string; salt: string; auth_share: string }
  | {
      /** Cloud backup: the ciphertext; its key is in the user's cloud (released only with a ticket of the same account). */
      method: 'google-drive' | 'icloud';
      wallet_id: string;
      share_set_id: string;
      sealed_share: string;
      auth_share: string;
    };

/**
 * The answer of POST WALLET_API.exportInit: where the code went, masked (`j•••@example.com`); or, when
 * the session holds an `export` step-up (stepUp.ts), this device's auth share at once (no code).
 */
export type WireExportInit =
  | { channel: 'email' | 'sms'; destination: string }
  | { channel: 'step_up'; share_set_id: string; auth_share: string };

/** The wallet as the server returns it. */
export interface WireEmbeddedWallet {
  wallet_id: string;
  address: string;
  recovery_method: 'latch' | 'user-passcode' | 'google-drive' | 'icloud';
  primary_share_set_id: string;
}
