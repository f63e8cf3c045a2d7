import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { formatFiatAmount } from './formatFiatAmount.js';
import { tokenAmountInUsd } from './tokenAmountInUsd.js';

describe('formatFiatAmount (SPEC §9)', () => {
  it('shows 2 decimals', () => {
    expect(formatFiatAmount(12.3)).toBe('$12.30');
    expect(formatFiatAmount(0.014)).toBe('$0.01');
    expect(formatFiatAmount(1234.567)).toBe('$1,234.57');
    expect(formatFiatAmount(0)).toBe('$0.00');
  });

  it("shows '<$0.01' below a cent", () => {
    expect(formatFiatAmount(0.009)).toBe('<$0.01');
    expect(formatFiatAmount(0.000001)).toBe('<$0.01');
  });

  it('prices a token amount', () => {
    expect(tokenAmountInUsd(parseEther('0.5'), 3000)).toBe(1500);
    expect(formatFiatAmount(tokenAmountInUsd(21_000n * 10n ** 9n, 3000))).toBe('$0.06');
    expect(tokenAmountInUsd(2_500_000n, 1, 6)).toBe(2.5);
  });
});
