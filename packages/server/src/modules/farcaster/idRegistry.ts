import type { Address } from 'viem';
import type { IdRegistryReader } from './IdRegistryReader.js';

/**
 * An IdRegistryReader on the node at `rpcUrl` and the registry at `registry`. Its viem client loads on the first
 * call (idRegistryClient.ts): the server starts without viem (startStaysLean.integration.test.ts).
 */
export function idRegistryReader(rpcUrl: string, registry: Address): IdRegistryReader {
  let reader: Promise<IdRegistryReader> | undefined;
  const load = () => {
    reader ??= import('./idRegistryClient.js').then((m) => m.viemIdRegistryReader(rpcUrl, registry));
    return reader;
  };
  return {
    custodyOf: async (fid) => (await load()).custodyOf(fid),
    verifySignature: async (address, message, signature) => (await load()).verifySignature(address, message, signature),
  };
}
