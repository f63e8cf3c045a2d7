// SIWE limits and chain-id helpers (the paths are paths/siwe.ts) without any schema, so the host page's initial JavaScript
// can use them without pulling valibot (the body schemas stay in siwe.ts).

/** How long a SIWE nonce from init stays usable (single use), in milliseconds. */
export const SIWE_NONCE_TTL_MS = 600_000; // 10 minutes (a literal: see CODE_POLICY in constants.ts)

/** The statement of the sign-in message the widget asks a wallet to sign (docs/wallets.md). */
export const SIWE_STATEMENT =
  'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.';

/** The largest sign-in message the server reads. */
export const SIWE_MESSAGE_MAX_LENGTH = 4096;

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
