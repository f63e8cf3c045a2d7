import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { formatTokenAmount } from './formatTokenAmount.js';

describe('formatTokenAmount (SPEC §9)', () => {
  it('shows up to 6 decimals, dropping trailing zeros', () => {
    expect(formatTokenAmount(parseEther('1'))).toBe('1');
    expect(formatTokenAmount(parseEther('0.5'), { symbol: 'ETH' })).toBe('0.5 ETH');
    expect(formatTokenAmount(parseEther('0.123456'))).toBe('0.123456');
    expect(formatTokenAmount(parseEther('1234.5'))).toBe('1,234.5');
  });

  it('rounds the seventh decimal half up, in integers', () => {
    expect(formatTokenAmount(parseEther('0.1234565'))).toBe('0.123457');
    expect(formatTokenAmount(parseEther('0.1234564999'))).toBe('0.123456');
    expect(formatTokenAmount(parseEther('0.9999996'))).toBe('1');
  });

  it("shows '<0.001' for a non-zero amount below 0.001, and 0 for zero", () => {
    expect(formatTokenAmount(parseEther('0.000999'), { symbol: 'ETH' })).toBe('<0.001 ETH');
    expect(formatTokenAmount(1n)).toBe('<0.001');
    expect(formatTokenAmount(parseEther('0.001'))).toBe('0.001');
    expect(formatTokenAmount(0n)).toBe('0');
  });

  it('takes other decimals', () => {
    expect(formatTokenAmount(1_500_000n, { decimals: 6, symbol: 'USDC' })).toBe('1.5 USDC');
    expect(formatTokenAmount(999n, { decimals: 6 })).toBe('<0.001');
    expect(formatTokenAmount(12n, { decimals: 0 })).toBe('12');
  });
});
