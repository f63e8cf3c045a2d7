/** An EIP-1193 request. */
export interface Eip1193RequestArguments {
  method: string;
  params?: readonly unknown[] | Record<string, unknown>;
}

/** The EIP-1193 provider an injected wallet exposes (only what Latch uses). */
export interface Eip1193Provider {
  request(args: Eip1193RequestArguments): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** EIP-6963 wallet metadata. */
export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  /** A data URI (RFC 2397) of the wallet's icon. */
  icon: string;
  /** Reverse-DNS id, e.g. `io.metamask`. */
  rdns: string;
}

/** What an EIP-6963 announcement carries. */
export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
}

/** The EIP-6963 event names. */
export const EIP6963_EVENT = {
  announce: 'eip6963:announceProvider',
  request: 'eip6963:requestProvider',
} as const;

/** An error a provider rejected with: EIP-1193 `code` (4001, …) or EIP-1474 JSON-RPC code (-32700 … -32006). */
export interface ProviderRpcError {
  code: number;
  message: string;
}

/** An EIP-1193/1474 error raised by Latch itself when a wallet answers something unusable. */
export class WalletProviderError extends Error implements ProviderRpcError {
  override name = 'WalletProviderError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
