import { LatchError } from '@latch/protocol';
import { resolveChains } from '@latch/protocol/chains';
import { type Chain, createPublicClient, http, type PublicClient, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_FUNDED_KEY, type LocalChain, startLocalChain } from '../../../../scripts/localChain.mjs';
import { prepareTransaction } from './prepareTransaction.js';

// A contract whose every call reverts: init code returning the runtime PUSH1 0 PUSH1 0 REVERT.
const REVERTING_CONTRACT = '0x6460006000fd6000526005601bf3';

describe('prepareTransaction against a real anvil node', () => {
  let node: LocalChain;
  let chain: Chain;
  let client: PublicClient;
  const funded = privateKeyToAccount(ANVIL_FUNDED_KEY);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;

  beforeAll(async () => {
    node = await startLocalChain();
    // The chain comes from the registry with the host's RPC URL applied, as the provider will build it.
    chain = resolveChains({ supportedChains: [31337], rpcUrls: { 31337: node.url } }).defaultChain;
    client = createPublicClient({ chain, transport: http() });
  });

  afterAll(async () => {
    await node?.stop();
  });

  it('prepares a send anvil accepts: the value arrives, the sender pays no more than the prepared total', async () => {
    const value = parseEther('1.5');
    const prepared = await prepareTransaction({ to: recipient, value }, { client, chain, from: funded.address });
    const { baseFeePerGas } = await client.getBlock({ blockTag: 'latest' });
    const priority = await client.estimateMaxPriorityFeePerGas();
    expect(prepared.transaction).toMatchObject({
      type: 'eip1559',
      chainId: 31337,
      nonce: 0,
      gas: 21_000n,
      value,
      maxFeePerGas: (baseFeePerGas! * 120n) / 100n + priority,
      maxPriorityFeePerGas: priority,
    });
    expect(prepared).toMatchObject({ kind: 'send', insufficientFunds: false });
    expect(prepared.fees).toMatchObject({ rule: 'default', l1Fee: 0n });

    const before = await client.getBalance({ address: funded.address });
    expect(prepared.balance).toBe(before);
    const hash = await client.sendRawTransaction({
      serializedTransaction: await funded.signTransaction(prepared.transaction),
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await client.getBalance({ address: recipient })).toBe(value);
    const spent = before - (await client.getBalance({ address: funded.address }));
    expect(spent).toBe(value + receipt.gasUsed * receipt.effectiveGasPrice);
    expect(spent <= prepared.total).toBe(true);

    // The next preparation takes the pending nonce.
    const next = await prepareTransaction({ to: recipient, value: 1n }, { client, chain, from: funded.address });
    expect(next.transaction.nonce).toBe(1);
  });

  it('prepares a send from an empty wallet and says the funds are insufficient', async () => {
    const empty = privateKeyToAccount(generatePrivateKey()).address;
    const prepared = await prepareTransaction(
      { to: recipient, value: parseEther('1') },
      { client, chain, from: empty },
    );
    expect(prepared.balance).toBe(0n);
    expect(prepared.insufficientFunds).toBe(true);
    expect(prepared.fees.gas).toBe(21_000n);
  });

  it("refuses a call that reverts with SPEC's preparation error", async () => {
    const deploy = await prepareTransaction({ data: REVERTING_CONTRACT }, { client, chain, from: funded.address });
    const hash = await client.sendRawTransaction({
      serializedTransaction: await funded.signTransaction(deploy.transaction),
    });
    const { contractAddress, status } = await client.waitForTransactionReceipt({ hash });
    expect(status).toBe('success');

    const error = await prepareTransaction(
      { to: contractAddress!, data: '0x12345678' },
      { client, chain, from: funded.address },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LatchError);
    expect((error as LatchError).code).toBe('transaction_preparation_failed');
    expect((error as LatchError).message).toBe(
      'There was an error preparing your transaction. Your transaction request will likely fail.',
    );
  });
});
