import type { Chain } from 'viem';
import {
  anvil,
  arbitrum,
  arbitrumNova,
  arbitrumSepolia,
  avalanche,
  avalancheFuji,
  base,
  baseSepolia,
  blast,
  blastSepolia,
  bsc,
  bscTestnet,
  celo,
  celoAlfajores,
  fraxtal,
  gnosis,
  gnosisChiado,
  holesky,
  linea,
  lineaSepolia,
  mainnet,
  mantle,
  mantleSepoliaTestnet,
  mode,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  polygonZkEvm,
  redstone,
  sapphire,
  sapphireTestnet,
  scroll,
  scrollSepolia,
  sepolia,
  unichain,
  worldchain,
  zksync,
  zksyncSepoliaTestnet,
  zora,
  zoraSepolia,
} from 'viem/chains';

/**
 * The chains Latch knows by id (SPEC §3: "About 40 chains are built in"), taken from viem's own
 * definitions (id, name, native currency, public RPC URL, block explorer, and for the OP Stack chains
 * the GasPriceOracle predeploy the gas rules read). Named imports keep the list tree-shakeable: a page
 * that never touches chains pays nothing, one that does pays for these 41, not for viem's 600.
 * Anvil (31337) is the local dev chain `npm start` runs.
 */
export const BUILT_IN_CHAINS: readonly Chain[] = [
  mainnet,
  sepolia,
  holesky,
  optimism,
  optimismSepolia,
  base,
  baseSepolia,
  zora,
  zoraSepolia,
  mode,
  fraxtal,
  redstone,
  worldchain,
  unichain,
  blast,
  blastSepolia,
  arbitrum,
  arbitrumNova,
  arbitrumSepolia,
  polygon,
  polygonAmoy,
  polygonZkEvm,
  bsc,
  bscTestnet,
  sapphire,
  sapphireTestnet,
  avalanche,
  avalancheFuji,
  celo,
  celoAlfajores,
  linea,
  lineaSepolia,
  zksync,
  zksyncSepoliaTestnet,
  scroll,
  scrollSepolia,
  gnosis,
  gnosisChiado,
  mantle,
  mantleSepoliaTestnet,
  anvil,
];

/** The chain SPEC §9 names as the default when the host names none: Ethereum mainnet. */
export const DEFAULT_CHAIN: Chain = mainnet;

/** The built-in chain with this id, or undefined. */
export function builtInChain(id: number): Chain | undefined {
  return BUILT_IN_CHAINS.find((chain) => chain.id === id);
}
