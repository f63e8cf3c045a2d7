import type { Chain } from 'viem';
import { LatchError } from '../latchError.js';
import { assertSupportedChain } from './assertSupportedChain.js';
import { BUILT_IN_CHAINS, DEFAULT_CHAIN } from './builtInChains.js';

/** URLs by chain id: a Map (the server's LATCH_RPC_URLS) or a plain object (host configuration). */
export type ChainUrlMap = ReadonlyMap<number, string> | Readonly<Record<number, string>>;

/** The host's chain configuration (SPEC §3 `supportedChains`, `defaultChain`) and URL overrides. */
export interface ChainOptions {
  /** viem chains, or ids of built-in chains (default: every built-in chain). */
  supportedChains?: readonly (Chain | number)[];
  /** The chain a wallet starts on (default: the first supported chain; Ethereum mainnet when none are named). */
  defaultChain?: Chain | number;
  /** The host's RPC URLs by chain id: win over the server's and over the chain's public URL. */
  rpcUrls?: ChainUrlMap;
  /** The server's RPC URLs by chain id (from the app config): used where the host gave none. */
  serverRpcUrls?: ChainUrlMap;
  /** The host's block explorer base URLs by chain id: win over the chain's own. */
  blockExplorerUrls?: ChainUrlMap;
}

/** The validated chain configuration: the supported chains with their URLs applied, and the default. */
export interface ResolvedChains {
  chains: readonly Chain[];
  defaultChain: Chain;
}

const urlFor = (map: ChainUrlMap | undefined, id: number): string | undefined =>
  map instanceof Map ? map.get(id) : (map as Readonly<Record<number, string>> | undefined)?.[id];

const invalid = (message?: string) => new LatchError('invalid_chain_config', message);

function checkedUrl(url: string, id: number, what: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(`The ${what} URL for chain ID ${id} is not a URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw invalid(`The ${what} URL for chain ID ${id} must be an http or https URL.`);
  return url;
}

function withOverrides(chain: Chain, options: ChainOptions): Chain {
  if (!Number.isSafeInteger(chain.id) || chain.id <= 0)
    throw invalid(`Chain ID ${chain.id} is not a positive integer.`);
  const rpcUrl = urlFor(options.rpcUrls, chain.id) ?? urlFor(options.serverRpcUrls, chain.id);
  const explorerUrl = urlFor(options.blockExplorerUrls, chain.id);
  let resolved = chain;
  if (rpcUrl !== undefined) {
    const http = [checkedUrl(rpcUrl, chain.id, 'RPC')];
    resolved = { ...resolved, rpcUrls: { ...resolved.rpcUrls, default: { http } } };
  }
  if (explorerUrl !== undefined) {
    const url = checkedUrl(explorerUrl, chain.id, 'block explorer');
    const name = resolved.blockExplorers?.default.name ?? 'Block explorer';
    resolved = { ...resolved, blockExplorers: { ...resolved.blockExplorers, default: { name, url } } };
  }
  if (!resolved.rpcUrls.default.http[0]) throw invalid(`Chain ID ${chain.id} has no RPC URL.`);
  return resolved;
}

/**
 * Validates the host's chains (SPEC §5: "At least one supported chain is required, and the default
 * chain must be among them") and applies the RPC and explorer URL overrides: host first, then server,
 * then the chain's public URL. Throws `invalid_chain_config`, or `unsupported_chain_id` for an id
 * that is no built-in chain.
 */
export function resolveChains(options: ChainOptions = {}): ResolvedChains {
  const listed = options.supportedChains ?? BUILT_IN_CHAINS;
  if (listed.length === 0) throw invalid();
  const chains = listed.map((entry) =>
    withOverrides(typeof entry === 'number' ? assertSupportedChain(entry) : entry, options),
  );
  const seen = new Set<number>();
  for (const chain of chains) {
    if (seen.has(chain.id)) throw invalid(`Chain ID ${chain.id} is listed twice in supportedChains.`);
    seen.add(chain.id);
  }
  const wanted = options.defaultChain ?? (options.supportedChains ? chains[0]! : DEFAULT_CHAIN);
  const defaultId = typeof wanted === 'number' ? wanted : wanted.id;
  const defaultChain = chains.find((chain) => chain.id === defaultId);
  if (!defaultChain) throw invalid();
  return { chains, defaultChain };
}
