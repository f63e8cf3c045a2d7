import { anvil, arbitrum, base, bsc, mainnet, optimism, polygon, zora } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { GAS_PRICE_ORACLE, gasPriceOracleOf, gasRuleOf } from './gasRuleOf.js';

const byId = (id: number) => ({ ...anvil, id });

describe('gasRuleOf (SPEC §9)', () => {
  it('puts the OP Stack chains in the Optimism family, by viem config or by id', () => {
    for (const chain of [optimism, base, zora]) expect(gasRuleOf(chain), chain.name).toBe('optimism');
    for (const id of [10, 420, 11155420, 8453, 84532, 7777777])
      expect(gasRuleOf(byId(id)), String(id)).toBe('optimism');
  });

  it('knows Arbitrum, the legacy chains and Polygon by id', () => {
    expect(gasRuleOf(arbitrum)).toBe('arbitrum');
    for (const id of [42161, 42170, 421614]) expect(gasRuleOf(byId(id))).toBe('arbitrum');
    expect(gasRuleOf(bsc)).toBe('legacy');
    for (const id of [56, 97, 23294, 23295]) expect(gasRuleOf(byId(id))).toBe('legacy');
    expect(gasRuleOf(polygon)).toBe('polygon');
    expect(gasRuleOf(byId(80002))).toBe('polygon');
  });

  it('gives every other chain the default rule', () => {
    expect(gasRuleOf(mainnet)).toBe('default');
    expect(gasRuleOf(anvil)).toBe('default');
  });

  it("reads the oracle address from viem's chain, else the fixed predeploy", () => {
    expect(gasPriceOracleOf(optimism).toLowerCase()).toBe(GAS_PRICE_ORACLE.toLowerCase());
    expect(gasPriceOracleOf(byId(10))).toBe('0x420000000000000000000000000000000000000F');
  });
});
