import type { Address, Chain } from 'viem';

/** Which SPEC §9 gas rule a chain follows. */
export type GasRule = 'default' | 'optimism' | 'arbitrum' | 'legacy' | 'polygon';

/** The OP Stack's GasPriceOracle predeploy (its getL1Fee prices the L1 data of a transaction). */
export const GAS_PRICE_ORACLE: Address = '0x420000000000000000000000000000000000000F';

// OP Stack chains by id, for chains a host defines by hand without viem's OP Stack config.
const OPTIMISM_IDS = new Set([10, 420, 11155420, 8453, 84532, 7777777, 999999999]);
const ARBITRUM_IDS = new Set([42161, 42170, 421614]);
const LEGACY_IDS = new Set([56, 97, 23294, 23295]);
const POLYGON_IDS = new Set([137, 80002]);

/**
 * The gas rule of a chain (SPEC §9). The Optimism family is every chain viem defines with the OP Stack
 * config (it lists the GasPriceOracle predeploy: OP Mainnet, Base, Zora, Mode, …) plus the ids above.
 */
export function gasRuleOf(chain: Chain): GasRule {
  if (LEGACY_IDS.has(chain.id)) return 'legacy';
  if (ARBITRUM_IDS.has(chain.id)) return 'arbitrum';
  if (POLYGON_IDS.has(chain.id)) return 'polygon';
  if (OPTIMISM_IDS.has(chain.id) || chain.contracts?.gasPriceOracle) return 'optimism';
  return 'default';
}

/** The GasPriceOracle address of an Optimism-family chain: viem's, else the fixed predeploy. */
export function gasPriceOracleOf(chain: Chain): Address {
  const contract = chain.contracts?.gasPriceOracle;
  return contract && 'address' in contract ? (contract.address as Address) : GAS_PRICE_ORACLE;
}
