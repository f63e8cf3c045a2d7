// The `@latch/protocol/chains` entry: the chain registry and its helpers. It is an entry of its own, not
// part of protocol's index, because viem's chain barrel makes esbuild emit viem's lazily imported
// modules as chunks for every page that reaches it; only code that works with chains imports this.
export { assertSupportedChain } from './assertSupportedChain.js';
export { BUILT_IN_CHAINS, builtInChain, DEFAULT_CHAIN } from './builtInChains.js';
export { chainExplorerUrl, chainRpcUrl, explorerTransactionUrl } from './chainUrls.js';
export { type ChainOptions, type ChainUrlMap, type ResolvedChains, resolveChains } from './resolveChains.js';
