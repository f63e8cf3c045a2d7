import type { ChainOptions } from '@latch/protocol/chains';
import { DEV_CHAIN_ID } from './devChain.js';

/**
 * The demo's chains: on the dev server with the stack's dev chain (anvil, VITE_LATCH_DEV_RPC_URL), that chain
 * first and by default, so a send goes to it; otherwise none named (every built-in chain, Ethereum first).
 */
export function demoChains(devRpcUrl: string | null): ChainOptions | undefined {
  if (!devRpcUrl) return undefined;
  return { supportedChains: [DEV_CHAIN_ID, 1], defaultChain: DEV_CHAIN_ID, rpcUrls: { [DEV_CHAIN_ID]: devRpcUrl } };
}
