import { parseTransaction, recoverTransactionAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { createWalletKeys } from '../keys/createWalletKeys.js';
import { CustodyError } from '../keys/custodyError.js';
import { toWalletError } from '../walletErrorReply.js';
import { signTransaction } from './signTransaction.js';

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('eth_signTransaction', () => {
  it('signs an EIP-1559 transaction whose signer recovers to the wallet, accepting number, bigint and hex fields', async () => {
    const { wallet } = await createWalletKeys();
    const signed = await signTransaction(wallet, {
      from: wallet.address,
      to,
      chainId: 31337,
      nonce: 0,
      value: '0x2386f26fc10000',
      gas: 21000,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: '0x3b9aca00',
    });
    const parsed = parseTransaction(signed);
    expect(parsed).toMatchObject({
      type: 'eip1559',
      chainId: 31337,
      to: to.toLowerCase(),
      value: 10_000_000_000_000_000n,
      gas: 21000n,
    });
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(wallet.address);
  });

  it('signs a legacy transaction with gasPrice and gasLimit', async () => {
    const { wallet } = await createWalletKeys();
    const signed = await signTransaction(wallet, {
      to,
      chainId: 1,
      gasLimit: '0x5208',
      gasPrice: 1_000_000_000,
      value: 1,
    });
    expect(parseTransaction(signed)).toMatchObject({ type: 'legacy', gas: 21000n, gasPrice: 1_000_000_000n });
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(wallet.address);
  });

  it('refuses malformed fields, a non-number chainId and another sender', async () => {
    const { wallet } = await createWalletKeys();
    const other = (await createWalletKeys()).wallet.address;
    for (const request of [
      { to, chainId: '1' },
      { to, chainId: 1, value: '100' },
      { to, chainId: 1, gas: 1.5 },
      { to: 'nope', chainId: 1 },
      { to, chainId: 1, from: other },
    ]) {
      await expect(signTransaction(wallet, request)).rejects.toBeInstanceOf(CustodyError);
    }
  });

  it('refuses quantities above uint256 and a nonce above 2^53 as invalid request arguments, not a crash', async () => {
    const { wallet } = await createWalletKeys();
    const tooBig = `0x1${'0'.repeat(64)}`;
    for (const request of [
      { to, chainId: 1, value: tooBig },
      { to, chainId: 1, value: 2n ** 256n },
      { to, chainId: 1, gas: tooBig },
      { to, chainId: 1, maxFeePerGas: tooBig },
      { to, chainId: 1, gasPrice: 2n ** 256n },
      { to, chainId: 1, nonce: '0x20000000000000' },
      { to, chainId: 1, nonce: 2n ** 53n },
      { to, chainId: 1, value: -1n },
    ]) {
      const error = await signTransaction(wallet, request).then(
        () => null,
        (e: unknown) => e,
      );
      expect(
        error,
        JSON.stringify(request, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)),
      ).toBeInstanceOf(CustodyError);
      expect((error as CustodyError).code).toBe('invalid_transaction');
      expect(toWalletError(error).type).toBe('invalid_request_arguments');
    }
    const max = await signTransaction(wallet, {
      to,
      chainId: 1,
      value: 2n ** 256n - 1n,
      nonce: '0x1fffffffffffff',
      gas: 21000,
      gasPrice: 1,
    });
    expect(parseTransaction(max)).toMatchObject({ value: 2n ** 256n - 1n, nonce: Number.MAX_SAFE_INTEGER });
  });

  it('signs the access list with the rest (EIP-1559, or EIP-2930 with a gas price) and refuses a malformed one', async () => {
    const { wallet } = await createWalletKeys();
    const accessList = [{ address: to.toLowerCase(), storageKeys: [`0x${'01'.repeat(32)}`] }];
    const dynamic = await signTransaction(wallet, {
      to,
      chainId: 1,
      nonce: 0,
      gas: 30000,
      maxFeePerGas: 2,
      maxPriorityFeePerGas: 1,
      accessList,
    });
    expect(parseTransaction(dynamic)).toMatchObject({ type: 'eip1559', accessList });
    const priced = await signTransaction(wallet, { to, chainId: 1, nonce: 0, gas: 30000, gasPrice: 1, accessList });
    expect(parseTransaction(priced)).toMatchObject({ type: 'eip2930', accessList });
    for (const bad of [{ address: 'nope', storageKeys: [] }, { address: to, storageKeys: ['0x01'] }, 'list']) {
      await expect(signTransaction(wallet, { to, chainId: 1, accessList: [bad] })).rejects.toMatchObject({
        code: 'invalid_transaction',
      });
    }
  });
});
