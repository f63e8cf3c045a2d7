import type { Chain } from 'viem';
import { LatchError, unsupportedChainIdText } from '../latchError.js';
import { BUILT_IN_CHAINS } from './builtInChains.js';

/**
 * The chain with this id among `chains` (default: the built-in ones); throws `unsupported_chain_id`
 * with SPEC §5's text otherwise. A caller holding a hex id (EIP-1193 `wallet_switchEthereumChain`)
 * converts it first: SPEC wants chain ids as numbers.
 */
export function assertSupportedChain(id: number, chains: readonly Chain[] = BUILT_IN_CHAINS): Chain {
  const chain = Number.isSafeInteger(id) ? chains.find((candidate) => candidate.id === id) : undefined;
  if (!chain) throw new LatchError('unsupported_chain_id', unsupportedChainIdText(String(id)));
  return chain;
}
