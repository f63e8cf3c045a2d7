import * as v from 'valibot';

/**
 * The server's custody endpoints, called only by the wallet frame (same origin as the server) with
 * the owner's access token. Binary values travel as base64url text.
 */
export const WALLET_API = {
  wallet: '/api/v1/embedded_wallets',
  shareSets: '/api/v1/embedded_wallets/share_sets',
  authShare: '/api/v1/embedded_wallets/share_sets/auth_share',
  revokeShareSet: '/api/v1/embedded_wallets/share_sets/revoke',
  recovery: '/api/v1/embedded_wallets/recovery',
  replaceRecovery: '/api/v1/embedded_wallets/recovery/replace',
  oprf: '/api/v1/embedded_wallets/recovery/oprf',
  confirmPassword: '/api/v1/embedded_wallets/recovery/confirm',
} as const;

const bytes = (max: number) => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url'), v.maxLength(max));
const uuid = v.pipe(v.string(), v.uuid());
const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'));

/** Recovery material as the frame uploads it. */
export const RecoveryUploadBody = v.variant('method', [
  v.object({ method: v.literal('latch'), sealed_share: bytes(2048), recovery_key: bytes(64) }),
  v.object({ method: v.literal('user-passcode'), sealed_share: bytes(2048), salt: bytes(128), verifier: bytes(64) }),
]);

/** POST WALLET_API.wallet: register a new wallet. */
export const CreateWalletBody = v.object({
  wallet_id: uuid,
  share_set_id: uuid,
  address,
  auth_share: bytes(512),
  recovery: RecoveryUploadBody,
});

/** POST WALLET_API.authShare / revokeShareSet. */
export const ShareSetIdBody = v.object({ share_set_id: uuid });

/** POST WALLET_API.shareSets: a new device's own set. */
export const AddShareSetBody = v.object({ share_set_id: uuid, auth_share: bytes(512) });

/** POST WALLET_API.replaceRecovery. */
export const ReplaceRecoveryBody = v.object({
  share_set_id: uuid,
  auth_share: bytes(512),
  recovery: RecoveryUploadBody,
});

/** POST WALLET_API.oprf. */
export const OprfBody = v.object({ wallet_id: uuid, blinded: bytes(128) });

/** POST WALLET_API.confirmPassword. */
export const ConfirmPasswordBody = v.object({ verifier: bytes(64) });

/** The wallet as the server returns it. */
export interface WireEmbeddedWallet {
  wallet_id: string;
  address: string;
  recovery_method: 'latch' | 'user-passcode';
  primary_share_set_id: string;
}
