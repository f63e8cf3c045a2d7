import { describe, expect, it } from 'vitest';
import { activeWalletOf } from './activeWalletOf.js';

const embedded = { address: '0x00000000000000000000000000000000000000aA', walletClientType: 'latch' } as const;
const metamask = { address: '0x00000000000000000000000000000000000000bB', walletClientType: 'metamask' } as const;

describe('activeWalletOf', () => {
  it('is the embedded wallet by default, else the first external one, else none', () => {
    expect(activeWalletOf([embedded, metamask], null)).toBe(embedded);
    expect(activeWalletOf([metamask], null)).toBe(metamask);
    expect(activeWalletOf([], null)).toBeNull();
  });

  it('is the chosen wallet while the user still has it (any address case)', () => {
    expect(activeWalletOf([embedded, metamask], metamask.address.toLowerCase())).toBe(metamask);
    expect(activeWalletOf([embedded], metamask.address)).toBe(embedded);
  });
});
