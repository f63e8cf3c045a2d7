import { describe, expect, it } from 'vitest';
import { createLatchWagmiBinding, latchWagmiBindingOf, registerBinding } from './latchWagmiBinding.js';

const A = '0x00000000000000000000000000000000000000aA';

describe('latchWagmiBinding', () => {
  it('refuses to give a provider before one is set (signed out), then gives the one set', () => {
    const binding = createLatchWagmiBinding();
    expect(() => binding.provider()).toThrow(expect.objectContaining({ code: 'embedded_wallet_not_found' }));
    const provider = { request: async () => null };
    binding.use(provider);
    expect(binding.provider()).toBe(provider);
  });

  it('tells subscribers of a choice, and settles the choice once the sync acted on it', async () => {
    const binding = createLatchWagmiBinding();
    let told = 0;
    binding.subscribe(() => told++);
    const chosen = binding.choose(A);
    expect(binding.getChosen()).toBe(A);
    expect(told).toBe(1);
    binding.settle('0x00000000000000000000000000000000000000bb');
    binding.settle(A.toLowerCase());
    await expect(chosen).resolves.toBeUndefined();
    const failed = binding.choose(A);
    binding.settle(A, new Error('refused'));
    await expect(failed).rejects.toThrow('refused');
  });

  it('names the cause when a config was not made by its createConfig', () => {
    const config = {};
    expect(() => latchWagmiBindingOf(config)).toThrow(/createConfig of @latch\/react\/wagmi/);
    const binding = createLatchWagmiBinding();
    registerBinding(config, binding);
    expect(latchWagmiBindingOf(config)).toBe(binding);
  });
});
