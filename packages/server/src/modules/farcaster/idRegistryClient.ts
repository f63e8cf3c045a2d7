import { LatchError } from '@latch/protocol';
import { type Address, createPublicClient, http, zeroAddress } from 'viem';
import type { IdRegistryReader } from './IdRegistryReader.js';

const RPC_TIMEOUT_MS = 10_000;

/** The part of Farcaster's IdRegistry ABI that login reads (farcasterxyz/contracts src/IdRegistry.sol). */
const ID_REGISTRY_ABI = [
  {
    type: 'function',
    name: 'custodyOf',
    stateMutability: 'view',
    inputs: [{ name: 'fid', type: 'uint256' }],
    outputs: [{ name: 'custody', type: 'address' }],
  },
] as const;

const unavailable = () => new LatchError('farcaster_registry_unavailable');

/** The viem client behind idRegistryReader, loaded on the first Farcaster login (viem stays out of the start). */
export function viemIdRegistryReader(rpcUrl: string, registry: Address): IdRegistryReader {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }) });
  return {
    async custodyOf(fid) {
      let custody: Address;
      try {
        custody = await client.readContract({
          address: registry,
          abi: ID_REGISTRY_ABI,
          functionName: 'custodyOf',
          args: [BigInt(fid)],
        });
      } catch {
        // A node that cannot be reached, or no registry at the address: nothing can be checked.
        throw unavailable();
      }
      return custody === zeroAddress ? null : custody;
    },
    async verifySignature(address, message, signature) {
      try {
        return await client.verifyMessage({ address, message, signature });
      } catch {
        return false;
      }
    },
  };
}
