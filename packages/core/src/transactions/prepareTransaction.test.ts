import { ERROR_CATALOGUE, LatchError } from '@latch/protocol';
import { type Chain, parseGwei, parseTransaction } from 'viem';
import { anvil, arbitrum, base, bsc, mainnet, optimism, polygon, polygonAmoy } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { type PrepareTransactionOptions, prepareTransaction } from './prepareTransaction.js';
import { FIXED, fixedChainReader } from './testing/fixedChainReader.js';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SEND = { to: TO, value: 10n ** 17n };
const byId = (id: number): Chain => ({ ...anvil, id });

const prepare = (request: unknown, options: Partial<PrepareTransactionOptions> = {}) =>
  prepareTransaction(request, { client: fixedChainReader(), chain: mainnet, from: FROM, ...options });

const refusal = async (run: Promise<unknown>): Promise<LatchError> => {
  try {
    await run;
  } catch (error) {
    if (error instanceof LatchError) return error;
    throw error;
  }
  throw new Error('expected a LatchError');
};

const gasStation = (answer: unknown, status = 200) => {
  const urls: string[] = [];
  const fetcher = (async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(answer), { status });
  }) as typeof fetch;
  return { urls, fetcher };
};

describe('prepareTransaction: SPEC §9 gas rules with fixed fee data', () => {
  it('makes a type 2 transaction by default: base fee × 120 % (viem’s default) + the node’s priority fee', async () => {
    const client = fixedChainReader();
    const prepared = await prepare(SEND, { client });
    const maxFeePerGas = parseGwei('12') + FIXED.maxPriorityFeePerGas;
    expect(prepared.transaction).toEqual({
      chainId: 1,
      type: 'eip1559',
      nonce: FIXED.nonce,
      gas: FIXED.gas,
      to: TO,
      value: SEND.value,
      data: undefined,
      accessList: undefined,
      maxFeePerGas,
      maxPriorityFeePerGas: FIXED.maxPriorityFeePerGas,
    });
    expect(prepared.fees).toEqual({
      rule: 'default',
      gas: FIXED.gas,
      feePerGas: maxFeePerGas,
      executionFee: FIXED.gas * maxFeePerGas,
      l1Fee: 0n,
      total: FIXED.gas * maxFeePerGas,
    });
    expect(prepared.total).toBe(SEND.value + FIXED.gas * maxFeePerGas);
    expect(prepared).toMatchObject({ from: FROM, kind: 'send', balance: FIXED.balance, insufficientFunds: false });
    expect(client.calls.getTransactionCount).toEqual([{ address: FROM, blockTag: 'pending' }]);
    expect(client.calls.estimateGas).toEqual([
      { account: FROM, to: TO, value: SEND.value, data: undefined, accessList: undefined },
    ]);
    expect(client.calls.readContract).toEqual([]);
  });

  it('Optimism family: base fee × 126 % + priority fee, and the L1 fee from the GasPriceOracle in the total', async () => {
    for (const chain of [optimism, base, byId(7777777)]) {
      const client = fixedChainReader();
      const prepared = await prepare(SEND, { client, chain });
      const maxFeePerGas = parseGwei('12.6') + FIXED.maxPriorityFeePerGas;
      expect(prepared.transaction, chain.name).toMatchObject({ type: 'eip1559', chainId: chain.id, maxFeePerGas });
      expect(prepared.fees).toMatchObject({ rule: 'optimism', l1Fee: FIXED.l1Fee });
      expect(prepared.fees.total).toBe(FIXED.gas * maxFeePerGas + FIXED.l1Fee);
      expect(prepared.total).toBe(SEND.value + FIXED.gas * maxFeePerGas + FIXED.l1Fee);
      // getL1Fee is asked about this very transaction, unsigned, at the fixed predeploy.
      const [call] = client.calls.readContract;
      expect(call?.address.toLowerCase()).toBe('0x420000000000000000000000000000000000000f');
      expect(call?.functionName).toBe('getL1Fee');
      expect(parseTransaction(call!.args[0])).toMatchObject({
        chainId: chain.id,
        to: TO.toLowerCase(),
        value: SEND.value,
        nonce: FIXED.nonce,
        gas: FIXED.gas,
        maxFeePerGas,
      });
    }
  });

  it('Arbitrum: base fee × 120 % with zero priority fee', async () => {
    const client = fixedChainReader();
    const prepared = await prepare(SEND, { client, chain: arbitrum });
    expect(prepared.transaction).toMatchObject({
      type: 'eip1559',
      maxFeePerGas: parseGwei('12'),
      maxPriorityFeePerGas: 0n,
    });
    expect(prepared.fees).toMatchObject({ rule: 'arbitrum', l1Fee: 0n, total: FIXED.gas * parseGwei('12') });
    expect(client.calls.estimateMaxPriorityFeePerGas).toEqual([]);
  });

  it('chains 56, 97, 23294 and 23295: type 0 with the node’s gas price', async () => {
    for (const chain of [bsc, byId(97), byId(23294), byId(23295)]) {
      const client = fixedChainReader();
      const prepared = await prepare(SEND, { client, chain });
      expect(prepared.transaction, String(chain.id)).toMatchObject({ type: 'legacy', gasPrice: FIXED.gasPrice });
      expect(prepared.transaction).not.toHaveProperty('maxFeePerGas');
      expect(prepared.fees).toMatchObject({ rule: 'legacy', total: FIXED.gas * FIXED.gasPrice });
      expect(client.calls.getBlock).toEqual([]);
    }
  });

  it('Polygon: the gas station’s standard tier, gwei to wei', async () => {
    const { urls, fetcher } = gasStation({
      safeLow: { maxPriorityFee: 25, maxFee: 26 },
      standard: { maxPriorityFee: 30.123456789123, maxFee: 45.5 },
      fast: { maxPriorityFee: 40, maxFee: 60 },
      estimatedBaseFee: 15,
    });
    const prepared = await prepare(SEND, { chain: polygon, fetch: fetcher });
    expect(prepared.transaction).toMatchObject({
      type: 'eip1559',
      maxPriorityFeePerGas: 30_123_456_789n,
      maxFeePerGas: 45_500_000_000n,
    });
    expect(prepared.fees.rule).toBe('polygon');
    expect(urls).toEqual(['https://gasstation.polygon.technology/v2']);

    await prepare(SEND, { chain: polygonAmoy, fetch: fetcher });
    await prepare(SEND, { chain: polygon, fetch: fetcher, polygonGasStationUrl: 'http://127.0.0.1:9/gas' });
    expect(urls.slice(1)).toEqual(['https://gasstation.polygon.technology/amoy', 'http://127.0.0.1:9/gas']);
  });

  it('Polygon: falls back to the node’s fee data when the gas station fails or answers nonsense', async () => {
    const fallback = parseGwei('12') + FIXED.maxPriorityFeePerGas;
    for (const { fetcher } of [gasStation({ error: 'down' }, 503), gasStation({ standard: { maxFee: 'high' } })]) {
      const prepared = await prepare(SEND, { chain: polygon, fetch: fetcher });
      expect(prepared.transaction).toMatchObject({ maxFeePerGas: fallback });
    }
    const throwing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect((await prepare(SEND, { chain: polygon, fetch: throwing })).transaction).toMatchObject({
      maxFeePerGas: fallback,
    });
  });

  it('keeps the fees, gas and nonce the request names', async () => {
    const client = fixedChainReader();
    const prepared = await prepare(
      { ...SEND, maxFeePerGas: '0x77359400', maxPriorityFeePerGas: 1_000_000_000, gas: 30_000, nonce: 3 },
      { client, chain: optimism },
    );
    expect(prepared.transaction).toMatchObject({
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      gas: 30_000n,
      nonce: 3,
    });
    expect(client.calls.estimateGas).toEqual([]);
    expect(client.calls.getTransactionCount).toEqual([]);
    expect(client.calls.estimateMaxPriorityFeePerGas).toEqual([]);
  });

  it('caps the suggested priority fee at the max fee a request names without a priority fee', async () => {
    const low = parseGwei('1');
    const capped = await prepare({ ...SEND, maxFeePerGas: low });
    expect(capped.transaction).toMatchObject({ maxFeePerGas: low, maxPriorityFeePerGas: low });
    const polygonStation = gasStation({ standard: { maxPriorityFee: 30, maxFee: 45.5 } });
    const station = await prepare({ ...SEND, maxFeePerGas: low }, { chain: polygon, fetch: polygonStation.fetcher });
    expect(station.transaction).toMatchObject({ maxFeePerGas: low, maxPriorityFeePerGas: low });
    const roomy = await prepare({ ...SEND, maxFeePerGas: parseGwei('20') });
    expect(roomy.transaction).toMatchObject({ maxPriorityFeePerGas: FIXED.maxPriorityFeePerGas });
  });

  it('makes a type 0 transaction when the request names a gas price, or the chain has no base fee', async () => {
    expect((await prepare({ ...SEND, gasPrice: 5n })).transaction).toMatchObject({ type: 'legacy', gasPrice: 5n });
    const preLondon = fixedChainReader({ getBlock: async () => ({ baseFeePerGas: null }) });
    expect((await prepare(SEND, { client: preLondon })).transaction).toMatchObject({
      type: 'legacy',
      gasPrice: FIXED.gasPrice,
    });
  });
});

describe('prepareTransaction: estimation, balance and refusals', () => {
  it('retries the gas estimate without from when the node refuses it (SPEC §8)', async () => {
    const client = fixedChainReader({
      estimateGas: async (args) => {
        if (args.account) throw new Error('insufficient funds for gas * price + value');
        return 25_000n;
      },
    });
    const prepared = await prepare(SEND, { client });
    expect(prepared.fees.gas).toBe(25_000n);
    expect(client.calls.estimateGas.map((args) => args.account)).toEqual([FROM, undefined]);
  });

  it("refuses with SPEC's preparation error when the estimate fails with and without from", async () => {
    const client = fixedChainReader({
      estimateGas: async () => {
        throw new Error('execution reverted');
      },
    });
    const error = await refusal(prepare({ to: TO, data: '0xdeadbeef' }, { client }));
    expect(error.code).toBe('transaction_preparation_failed');
    expect(error.message).toBe(
      'There was an error preparing your transaction. Your transaction request will likely fail.',
    );
    expect(client.calls.estimateGas).toHaveLength(2);
  });

  it('refuses with the preparation error when the node does not answer, or the L1 fee cannot be read', async () => {
    const down = async () => {
      throw new Error('fetch failed');
    };
    expect((await refusal(prepare(SEND, { client: fixedChainReader({ getBalance: down }) }))).code).toBe(
      'transaction_preparation_failed',
    );
    expect(
      (await refusal(prepare(SEND, { client: fixedChainReader({ readContract: down }), chain: optimism }))).code,
    ).toBe('transaction_preparation_failed');
  });

  it('says when the balance does not cover value plus fees, and when it exactly does', async () => {
    const exact = (await prepare(SEND)).total;
    const covered = await prepare(SEND, { client: fixedChainReader({ getBalance: async () => exact }) });
    expect(covered.insufficientFunds).toBe(false);
    const short = await prepare(SEND, { client: fixedChainReader({ getBalance: async () => exact - 1n }) });
    expect(short.insufficientFunds).toBe(true);
    expect(ERROR_CATALOGUE.insufficient_funds.message).toBe('Wallet has insufficient funds for this transaction.');
  });

  it('keeps an access list on a type 2 transaction and refuses one a type 0 transaction would drop', async () => {
    const accessList = [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }] as const;
    expect((await prepare({ ...SEND, accessList })).transaction).toMatchObject({ type: 'eip1559', accessList });
    for (const [request, chain] of [
      [{ ...SEND, accessList, gasPrice: 5n }, mainnet],
      [{ ...SEND, accessList }, bsc],
    ] as const) {
      const error = await refusal(prepare(request, { chain }));
      expect(error.code, chain.name).toBe('invalid_transaction_request');
    }
  });

  it('classifies the request', async () => {
    expect((await prepare({ to: TO, data: '0xa9059cbb' })).kind).toBe('contractCall');
    expect((await prepare({ to: TO, value: 1 })).kind).toBe('send');
  });

  it('refuses a bad request, a request for another chain, another sender or none, before reading the chain', async () => {
    const client = fixedChainReader();
    expect((await refusal(prepare({ to: TO, value: -1 }, { client }))).code).toBe('invalid_transaction_request');
    expect((await refusal(prepare({ ...SEND, chainId: 10 }, { client }))).message).toBe(
      'chainId 10 is not the chain 1 being prepared for.',
    );
    expect((await refusal(prepare({ ...SEND, from: TO }, { client }))).message).toBe(
      'from is not the address of this wallet.',
    );
    expect((await refusal(prepare(SEND, { client, from: undefined }))).message).toBe(
      'The transaction has no from address.',
    );
    expect(client.calls.getBalance).toEqual([]);
    // The request's own from serves when the caller names none.
    expect((await prepare({ ...SEND, from: FROM }, { from: undefined })).from).toBe(FROM);
  });
});
