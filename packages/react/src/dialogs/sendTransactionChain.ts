import { builtInChain, type ChainOptions, explorerTransactionUrl, resolveChains } from '@latch/protocol/chains';

/**
 * What the send screen shows of a chain: its native token symbol and the block explorer's page for a hash —
 * the host's chain (its `blockExplorerUrls` override applied by resolveChains), else the registry's.
 */
export function sendTransactionChain(
  chainId: number,
  options: ChainOptions | undefined,
): { nativeSymbol: string; explorerTransactionUrl(hash: string): string | undefined } {
  let chain: ReturnType<typeof builtInChain>;
  try {
    chain = resolveChains(options).chains.find((candidate) => candidate.id === chainId);
  } catch {
    // The provider sends under no configuration that fails to resolve; the registry's chain is the fallback.
  }
  chain ??= builtInChain(chainId);
  return {
    nativeSymbol: chain?.nativeCurrency.symbol ?? 'ETH',
    explorerTransactionUrl: (hash) => (chain ? explorerTransactionUrl(chain, hash) : undefined),
  };
}
