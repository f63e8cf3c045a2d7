import * as v from 'valibot';

/** Sign-In with Ethereum paths (DESIGN §2 "/api/v1/siwe/{init,authenticate,link,unlink}"). */
export const SIWE_API = {
  init: '/api/v1/siwe/init',
  authenticate: '/api/v1/siwe/authenticate',
  link: '/api/v1/siwe/link',
  unlink: '/api/v1/siwe/unlink',
} as const;

/** How long a SIWE nonce from init stays usable (single use), in milliseconds. */
export const SIWE_NONCE_TTL_MS = 10 * 60_000;

/** The statement of the sign-in message the widget asks a wallet to sign (docs/wallets.md). */
export const SIWE_STATEMENT =
  'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.';

/** The largest sign-in message the server reads. */
export const SIWE_MESSAGE_MAX_LENGTH = 4096;

const address = v.pipe(v.string(), v.trim(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address'));
const captchaToken = v.optional(v.pipe(v.string(), v.maxLength(4096)));
const clientName = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64));
const positiveChainId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

/** A chain id as CAIP-2 `eip155:<id>` or a plain number; the output is the number. */
export const ChainIdInput = v.union([
  positiveChainId,
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^(eip155:)?[1-9]\d{0,15}$/, 'Expected a chain id like eip155:1'),
    v.transform((text) => Number(text.replace(/^eip155:/, ''))),
    positiveChainId,
  ),
]);

/** POST /api/v1/siwe/init (SPEC §7 "Wallet signature": address, captcha token). */
export const SiweInitBody = v.object({ address, token: captchaToken });

/** POST /api/v1/siwe/authenticate and /link (SPEC §7: message, signature, chain id, wallet client type, connector type). */
export const SiweAuthenticateBody = v.object({
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(SIWE_MESSAGE_MAX_LENGTH)),
  signature: v.pipe(v.string(), v.trim(), v.regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'Expected a 0x-prefixed hex signature')),
  chainId: ChainIdInput,
  walletClientType: clientName,
  connectorType: clientName,
});

/** POST /api/v1/siwe/unlink (SPEC §7 Unlink table: address). */
export const SiweUnlinkBody = v.object({ address });

export type SiweInitBody = v.InferOutput<typeof SiweInitBody>;
export type SiweAuthenticateBody = v.InferOutput<typeof SiweAuthenticateBody>;
export type SiweUnlinkBody = v.InferOutput<typeof SiweUnlinkBody>;

/** The answer of /siwe/init: the nonce to put in the message, the address it is for, and when it expires (ISO 8601). */
export interface SiweInitResponse {
  nonce: string;
  address: string;
  expires_at: string;
}

/** The CAIP-2 id of an EVM chain: `eip155:<id>`. */
export function caip2ChainId(chainId: number): string {
  return `eip155:${chainId}`;
}

/** The numeric id of a CAIP-2 `eip155:<id>` (or plain numeric) chain id; null when it is neither. */
export function eip155ChainNumber(chainId: string | number): number | null {
  const text = String(chainId).trim();
  if (!/^(eip155:)?[1-9]\d{0,15}$/.test(text)) return null;
  const value = Number(text.replace(/^eip155:/, ''));
  return Number.isSafeInteger(value) ? value : null;
}
