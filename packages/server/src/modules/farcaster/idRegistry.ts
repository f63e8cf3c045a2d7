import { LatchError } from '@latch/protocol';
import { type Address, createPublicClient, type Hex, http, zeroAddress } from 'viem';

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

/** Reads the ID registry and checks custody signatures through one node (OP Mainnet, or a dev chain). */
export interface IdRegistryReader {
  /** The fid's custody address, or null when the fid is not registered. */
  custodyOf(fid: number): Promise<Address | null>;
  /** True when `address` signed `message` (EIP-191; contract custody wallets through EIP-1271 on the node). */
  verifySignature(address: Address, message: string, signature: Hex): Promise<boolean>;
}

const unavailable = () => new LatchError('farcaster_registry_unavailable');

/** An IdRegistryReader on the node at `rpcUrl` and the registry at `registry`. */
export function idRegistryReader(rpcUrl: string, registry: Address): IdRegistryReader {
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
