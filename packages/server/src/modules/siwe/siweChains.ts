import { eip155ChainNumber } from '@latch/protocol';
import type { AllowedChains } from './verifySiweMessage.js';

/** The outcome of reading LATCH_SIWE_CHAIN_IDS: the accepted chains and the entries that were not chain ids. */
interface SiweChainsFromEnv {
  chains: AllowedChains;
  invalid: string[];
}

/**
 * The chains sign-in messages may name (docs/wallets.md). `LATCH_SIWE_CHAIN_IDS`, a comma-separated list
 * of chain ids (`1,8453` or `eip155:8453`), is the list when set. Unset: chain 1 plus every chain with an
 * RPC URL (`LATCH_RPC_URLS`); in dev mode, any chain (a developer's wallet may sit on any test network).
 */
export function siweChainsFromEnv(
  env: { LATCH_SIWE_CHAIN_IDS?: string | undefined },
  rpcUrls: ReadonlyMap<number, string>,
  dev: boolean,
): SiweChainsFromEnv {
  const listed = (env.LATCH_SIWE_CHAIN_IDS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (listed.length === 0) return { chains: dev ? 'any' : new Set([1, ...rpcUrls.keys()]), invalid: [] };
  const chains = new Set<number>();
  const invalid: string[] = [];
  for (const entry of listed) {
    const chainId = eip155ChainNumber(entry);
    if (chainId === null) invalid.push(entry);
    else chains.add(chainId);
  }
  return { chains, invalid };
}
