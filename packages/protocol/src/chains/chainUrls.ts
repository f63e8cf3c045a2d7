import type { Chain } from 'viem';
import { LatchError } from '../latchError.js';

/** The JSON-RPC URL Latch talks to for this chain (the first default HTTP URL, after overrides). */
export function chainRpcUrl(chain: Chain): string {
  const url = chain.rpcUrls.default.http[0];
  // viem's types allow an empty list; a chain without a URL cannot be read, so say which one.
  if (!url) throw new LatchError('invalid_chain_config', `Chain ID ${chain.id} has no RPC URL.`);
  return url;
}

/** The block explorer's base URL for this chain, or undefined when it has none (a local chain). */
export function chainExplorerUrl(chain: Chain): string | undefined {
  return chain.blockExplorers?.default.url.replace(/\/+$/, '');
}

/** The block explorer's page for a transaction hash, or undefined when the chain has no explorer. */
export function explorerTransactionUrl(chain: Chain, hash: string): string | undefined {
  const base = chainExplorerUrl(chain);
  return base ? `${base}/tx/${hash}` : undefined;
}
