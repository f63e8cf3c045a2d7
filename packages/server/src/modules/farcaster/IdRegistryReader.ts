import type { Address, Hex } from 'viem';

/** Reads the ID registry and checks custody signatures through one node (OP Mainnet, or a dev chain). */
export interface IdRegistryReader {
  /** The fid's custody address, or null when the fid is not registered. */
  custodyOf(fid: number): Promise<Address | null>;
  /** True when `address` signed `message` (EIP-191; contract custody wallets through EIP-1271 on the node). */
  verifySignature(address: Address, message: string, signature: Hex): Promise<boolean>;
}
