import * as v from 'valibot';

/**
 * The embedded-wallet iframe message protocol (SPEC §7 "Embedded wallet page and messages").
 * The host page sends `{ id, event, data }`; the frame replies `{ id, event, data }` or
 * `{ id, event, error: { type, message } }` with a SPEC §8 wallet proxy error type.
 */

/** The product-specific prefix every iframe event name carries. */
export const WALLET_EVENT_PREFIX = 'latch:';

/** Every iframe event of SPEC §7, prefixed. */
export const WALLET_EVENT = {
  ready: 'latch:iframe:ready',
  walletCreate: 'latch:wallet:create',
  walletImport: 'latch:wallet:import',
  walletConnect: 'latch:wallet:connect',
  walletRecover: 'latch:wallet:recover',
  walletRpc: 'latch:wallet:rpc',
  walletSetRecoveryPassword: 'latch:wallet:set-recovery-password',
  mfaVerify: 'latch:mfa:verify',
  mfaInitEnrollment: 'latch:mfa:init-enrollment',
  mfaSubmitEnrollment: 'latch:mfa:submit-enrollment',
  mfaUnenroll: 'latch:mfa:unenroll',
  mfaClear: 'latch:mfa:clear',
  farcasterInitSigner: 'latch:farcaster:init-signer',
  farcasterSign: 'latch:farcaster:sign',
} as const;

/** The id of the frame's unsolicited ready announcement (a host may also ask with its own id). */
export const WALLET_READY_ANNOUNCEMENT_ID = 'latch:ready';

/** One iframe event name. */
export type WalletEvent = (typeof WALLET_EVENT)[keyof typeof WALLET_EVENT];

/** All event names, for schemas and routing tables. */
export const WALLET_EVENTS = Object.values(WALLET_EVENT) as readonly WalletEvent[];

/** The wallet proxy error types of SPEC §8, the only `error.type` values a reply may carry. */
export const WALLET_PROXY_ERROR_TYPES = [
  'error',
  'invalid_request_arguments',
  'wallet_not_on_device',
  'invalid_recovery_pin',
  'insufficient_funds',
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
] as const;

/** One wallet proxy error type. */
export type WalletProxyErrorType = (typeof WALLET_PROXY_ERROR_TYPES)[number];

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(128));
const event = v.picklist(WALLET_EVENTS as WalletEvent[]);
const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'));
const accessToken = v.pipe(v.string(), v.minLength(1), v.maxLength(8192));
// Length only: the frame applies the SPEC §5 password rules itself, with their exact messages.
const password = v.pipe(v.string(), v.maxLength(1024));
const recoveryMethod = v.picklist(['latch', 'user-passcode', 'google-drive', 'icloud']);

/** A request from the host page to the frame. */
export const WalletRequestSchema = v.object({ id, event, data: v.optional(v.unknown()) });

/** A successful reply from the frame. */
export const WalletSuccessReplySchema = v.object({ id, event, data: v.unknown() });

/** An error reply from the frame. */
export const WalletErrorReplySchema = v.strictObject({
  id,
  event,
  error: v.object({ type: v.picklist(WALLET_PROXY_ERROR_TYPES), message: v.string() }),
});

/** Either reply shape; a reply has `data` or `error`, never both. */
export const WalletReplySchema = v.union([WalletErrorReplySchema, v.strictObject({ id, event, data: v.unknown() })]);

/** Payload of `latch:wallet:create`. */
export const WalletCreateData = v.object({
  accessToken,
  recoveryMethod: v.optional(v.picklist(['latch', 'user-passcode'])),
  password: v.optional(password),
});

/** Payload of `latch:wallet:connect`: unlock the wallet with this device's share. */
export const WalletConnectData = v.object({ accessToken, address });

/** Payload of `latch:wallet:recover`: restore the wallet on a device without its share. */
export const WalletRecoverData = v.object({
  accessToken,
  address,
  recoveryMethod,
  password: v.optional(password),
});

/** Payload of `latch:wallet:set-recovery-password`. */
export const WalletSetRecoveryPasswordData = v.object({ accessToken, address, password });

const personalSign = v.object({
  method: v.literal('personal_sign'),
  params: v.tuple([v.string(), address]),
});
const signTypedData = v.object({
  method: v.literal('eth_signTypedData_v4'),
  // The typed data may arrive as a JSON string (the EIP-1193 convention) or as an object.
  params: v.tuple([address, v.union([v.string(), v.record(v.string(), v.unknown())])]),
});
const signTransaction = v.object({
  method: v.literal('eth_signTransaction'),
  params: v.tuple([v.record(v.string(), v.unknown())]),
});

/** Payload of `latch:wallet:rpc` (SPEC §7 "RPC requests"). */
export const WalletRpcData = v.object({
  accessToken,
  address,
  request: v.variant('method', [personalSign, signTypedData, signTransaction]),
});

export type WalletRequest = v.InferOutput<typeof WalletRequestSchema>;
export type WalletSuccessReply = v.InferOutput<typeof WalletSuccessReplySchema>;
export type WalletErrorReply = v.InferOutput<typeof WalletErrorReplySchema>;
export type WalletReply = WalletSuccessReply | WalletErrorReply;
export type WalletCreateData = v.InferOutput<typeof WalletCreateData>;
export type WalletConnectData = v.InferOutput<typeof WalletConnectData>;
export type WalletRecoverData = v.InferOutput<typeof WalletRecoverData>;
export type WalletSetRecoveryPasswordData = v.InferOutput<typeof WalletSetRecoveryPasswordData>;
export type WalletRpcData = v.InferOutput<typeof WalletRpcData>;

/** Reply data of create, connect, recover and set-recovery-password. */
export interface WalletAddressResult {
  address: `0x${string}`;
  recoveryMethod?: 'latch' | 'user-passcode' | 'google-drive' | 'icloud';
}

/** Reply data of `latch:wallet:rpc`. */
export interface WalletRpcResult {
  method: WalletRpcData['request']['method'];
  result: `0x${string}`;
}

/** True when `value` looks like any Latch iframe message (cheap pre-filter for foreign traffic). */
export function isWalletMessage(value: unknown): value is { event: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { event?: unknown }).event === 'string' &&
    (value as { event: string }).event.startsWith(WALLET_EVENT_PREFIX)
  );
}

/** Parses a request envelope, or returns null when it is not a valid one. */
export function parseWalletRequest(value: unknown): WalletRequest | null {
  const result = v.safeParse(WalletRequestSchema, value);
  return result.success ? result.output : null;
}

/** Parses a reply envelope, or returns null when it is not a valid one. */
export function parseWalletReply(value: unknown): WalletReply | null {
  const result = v.safeParse(WalletReplySchema, value);
  return result.success ? (result.output as WalletReply) : null;
}

/** Builds a success reply. */
export function walletReply(id: string, event: WalletEvent, data: unknown): WalletSuccessReply {
  return { id, event, data };
}

/** Builds an error reply. */
export function walletErrorReply(
  id: string,
  event: WalletEvent,
  type: WalletProxyErrorType,
  message: string,
): WalletErrorReply {
  return { id, event, error: { type, message } };
}

/** True when an error reply means a wrong recovery password (SPEC §8 "Wallet and recovery"). */
export function isWrongRecoveryPassword(type: WalletProxyErrorType): boolean {
  return type === 'invalid_recovery_pin' || type === 'invalid_request_arguments';
}
