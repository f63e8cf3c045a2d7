import type { FundWalletOptions, SendTransaction } from '@latch/core';
import { serverAppConfig } from '@latch/core/testing';
import { type AppConfig, toAppConfig } from '@latch/protocol';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { addFundsAction, missingAmount } from './addFunds.js';

const FROM = `0x${'5'.repeat(40)}`;
const config = (enabled: boolean): AppConfig =>
  toAppConfig(serverAppConfig('a'.repeat(25), { fiat_on_ramp_enabled: enabled }));

const send = (insufficientFunds: boolean, status: SendTransaction['status'] = 'review') =>
  ({
    id: 1,
    chainId: 8453,
    status,
    prepared: {
      from: FROM,
      total: parseEther('0.010042'),
      balance: parseEther('0.004'),
      insufficientFunds,
    },
  }) as unknown as SendTransaction;

describe("'Add Funds' on the send screen (SPEC §2, §8)", () => {
  it('is offered only when the balance is short and the app has the on-ramp on', () => {
    const fund = async () => ({ status: null });
    expect(addFundsAction(config(true), send(true), fund, () => undefined)).toBeTypeOf('function');
    expect(addFundsAction(config(false), send(true), fund, () => undefined)).toBeUndefined();
    expect(addFundsAction(config(true), send(false), fund, () => undefined)).toBeUndefined();
    expect(addFundsAction(null, send(true), fund, () => undefined)).toBeUndefined();
  });

  it("funds the send's wallet on its chain with the missing amount, then prepares the send again", async () => {
    const asked: FundWalletOptions[] = [];
    let refreshed = 0;
    let finish: (value: { status: 'completed' }) => void = () => undefined;
    const fund = (options: FundWalletOptions) => {
      asked.push(options);
      return new Promise<{ status: 'completed' }>((resolve) => {
        finish = resolve;
      });
    };
    addFundsAction(config(true), send(true), fund, () => {
      refreshed += 1;
    })?.();
    expect(asked).toEqual([{ address: FROM, chain: 8453, amount: 0.006042 }]);
    expect(refreshed).toBe(0);
    finish({ status: 'completed' });
    await Promise.resolve();
    await Promise.resolve();
    expect(refreshed).toBe(1);
  });

  it('the missing amount rounds up to 6 decimals, never short', () => {
    expect(missingAmount(parseEther('1'), parseEther('0.4'))).toBe(0.6);
    expect(missingAmount(1n, 0n)).toBe(0.000001);
    expect(missingAmount(parseEther('0.1'), parseEther('0.2'))).toBe(0);
  });
});
