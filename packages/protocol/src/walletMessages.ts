import * as v from 'valibot';
import { CloudAuthData } from './cloudBackupSchemas.js';
import { SIGN_TEXT_MAX } from './constants.js';
import {
  WALLET_EVENTS,
  WALLET_PROXY_ERROR_TYPES,
  type WalletEvent,
  type WalletProxyErrorType,
} from './walletEvents.js';

/**
 * The embedded-wallet iframe message protocol (SPEC §7 "Embedded wallet page and messages").
 * The host page sends `{ id, event, data }`; the frame replies `{ id, event, data }` or
 * `{ id, event, error: { type, message } }` with a SPEC §8 wallet proxy error type.
 */

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(128));
const event = v.picklist(WALLET_EVENTS as WalletEvent[]);
const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'));
const accessToken = v.pipe(v.string(), v.minLength(1), v.maxLength(8192));
// Length only: the frame applies the SPEC §5 password rules itself, with their exact messages.
const password = v.pipe(v.string(), v.maxLength(1024));
const recoveryMethod = v.picklist(['latch', 'user-passcode', 'google-drive', 'icloud']);
const cloudMethod = v.picklist(['google-drive', 'icloud']);
/** The popup's result the host passes back to the frame (cloudBackup.ts, step 3). */
const cloudAuth = CloudAuthData;

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
  recoveryMethod: v.optional(recoveryMethod),
  password: v.optional(password),
  /** With `google-drive` / `icloud`: the recovery OAuth result of a `cloud-auth-init` with purpose `backup`. */
  cloudAuth: v.optional(cloudAuth),
});

/** Payload of `latch:wallet:connect`: unlock the wallet with this device's share. */
export const WalletConnectData = v.object({ accessToken, address });

/** Payload of `latch:wallet:recover`: restore the wallet on a device without its share. */
export const WalletRecoverData = v.object({
  accessToken,
  address,
  recoveryMethod,
  password: v.optional(password),
  /** With `google-drive` / `icloud`: the recovery OAuth result of a `cloud-auth-init` with purpose `recover`. */
  cloudAuth: v.optional(cloudAuth),
});

/** Payload of `latch:wallet:set-recovery-password`. */
export const WalletSetRecoveryPasswordData = v.object({ accessToken, address, password });

/**
 * Payload of `latch:wallet:cloud-auth-init` (not in SPEC §7): the frame starts a recovery OAuth round trip and
 * answers `{ url, stateCode }` (WalletCloudAuthInitResult); `address` absent while the user has no wallet yet.
 */
export const WalletCloudAuthInitData = v.object({
  accessToken,
  provider: cloudMethod,
  purpose: v.picklist(['backup', 'recover']),
  /** A URL on one of the app's allowed origins, where the callback sends the popup (the host's return page). */
  redirectTo: v.pipe(v.string(), v.url(), v.maxLength(2048)),
});

/**
 * Payload of `latch:wallet:set-recovery-cloud` (not in SPEC §7): switch an existing wallet's recovery to a cloud
 * backup (from provider-managed, a password, or the other cloud). Answers WalletAddressResult.
 */
export const WalletSetRecoveryCloudData = v.object({ accessToken, address, provider: cloudMethod, cloudAuth });

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

/** Payload of `latch:device:register`: the device grant of the login that produced `accessToken`. */
export const DeviceRegisterData = v.object({
  accessToken,
  deviceGrant: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/)),
});

/** Payload of `latch:wallet:clear` (none). */
export const WalletClearData = v.optional(v.object({}));

// Only opaque `#rrggbb`: a theme colour is a display hint, never CSS the frame would have to trust.
const colour = v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour')));
const shortText = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)));

/**
 * Display-only hints for the frame's confirmation: the widget's locale and colours, the chain's
 * name and native symbol, the token's USD price, and the host's texts of a sign confirmation (title,
 * description, button text; plain text). The frame shows what it signs from the request itself;
 * these only dress it, so a host that lies here changes no signed byte.
 */
export const ApprovalDisplay = v.object({
  locale: shortText(35),
  title: shortText(SIGN_TEXT_MAX.title),
  description: shortText(SIGN_TEXT_MAX.description),
  buttonText: shortText(SIGN_TEXT_MAX.buttonText),
  chainName: shortText(64),
  nativeSymbol: shortText(12),
  usdPrice: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
  theme: v.optional(
    v.object({
      background: colour,
      foreground: colour,
      muted: colour,
      surface: colour,
      border: colour,
      accent: colour,
      accent_foreground: colour,
    }),
  ),
});
export type ApprovalDisplay = v.InferOutput<typeof ApprovalDisplay>;

/**
 * Payload of `latch:wallet:rpc` (SPEC §7 "RPC requests"). The frame signs only after a click on its own
 * confirmation, or headless when the app's server config allows it (docs/custody.md "What the frame signs").
 */
export const WalletRpcData = v.object({
  accessToken,
  address,
  request: v.variant('method', [personalSign, signTypedData, signTransaction]),
  display: v.optional(ApprovalDisplay),
});

/**
 * Payload of `latch:wallet:import` (issue #32): the frame asks for the private key in its own document, over the
 * widget's screen, and replies `{ address }` once it is the user's wallet. The key is never in a message.
 */
export const WalletImportData = v.object({ accessToken, display: v.optional(ApprovalDisplay) });

export type WalletRequest = v.InferOutput<typeof WalletRequestSchema>;
export type WalletSuccessReply = v.InferOutput<typeof WalletSuccessReplySchema>;
export type WalletErrorReply = v.InferOutput<typeof WalletErrorReplySchema>;
export type WalletReply = WalletSuccessReply | WalletErrorReply;
export type WalletCreateData = v.InferOutput<typeof WalletCreateData>;
export type WalletConnectData = v.InferOutput<typeof WalletConnectData>;
export type WalletRecoverData = v.InferOutput<typeof WalletRecoverData>;
export type WalletSetRecoveryPasswordData = v.InferOutput<typeof WalletSetRecoveryPasswordData>;
export type WalletCloudAuthInitData = v.InferOutput<typeof WalletCloudAuthInitData>;
export type WalletSetRecoveryCloudData = v.InferOutput<typeof WalletSetRecoveryCloudData>;
export type WalletRpcData = v.InferOutput<typeof WalletRpcData>;
export type WalletImportData = v.InferOutput<typeof WalletImportData>;
export type DeviceRegisterData = v.InferOutput<typeof DeviceRegisterData>;

/** Reply data of create, import, connect, recover and set-recovery-password. */
export interface WalletAddressResult {
  address: `0x${string}`;
  recoveryMethod?: 'latch' | 'user-passcode' | 'google-drive' | 'icloud';
}

/** Reply data of `latch:wallet:cloud-auth-init`: the URL the popup opens, and the state the return must carry. */
export interface WalletCloudAuthInitResult {
  url: string;
  stateCode: string;
}

/** Reply data of `latch:wallet:rpc`. */
export interface WalletRpcResult {
  method: WalletRpcData['request']['method'];
  result: `0x${string}`;
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
