import { LatchError, type User } from '@latch/protocol';
import type { Hex, TransactionReceipt } from 'viem';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import type { PreparedTransaction } from '../transactions/prepareTransaction.js';
import { SEND_TRANSACTION_DELAY } from './sendTransactionFlow.js';
import {
  createSendTransactionRunner,
  ReceiptWaitError,
  type SendTransactionDeps,
  TransactionError,
} from './sendTransactionRunner.js';

const HASH = `0x${'cd'.repeat(32)}` as Hex;
const prepared = {
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  transaction: { type: 'eip1559', chainId: 31337, to: HASH.slice(0, 42), value: 1n, nonce: 0, gas: 21000n },
  insufficientFunds: false,
} as unknown as PreparedTransaction;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

// Deps whose chain answers are scripted; every call is recorded.
function deps(patch: Partial<SendTransactionDeps> = {}) {
  const calls: string[] = [];
  const record =
    <A extends unknown[], R>(name: string, run: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls.push(name);
      return run(...args);
    };
  const d: SendTransactionDeps = {
    prepare: record('prepare', patch.prepare ?? (async () => prepared)),
    sign: record('sign', patch.sign ?? (async () => '0x02aa' as Hex)),
    broadcast: record('broadcast', patch.broadcast ?? (async () => HASH)),
    waitForReceipt: record(
      'waitForReceipt',
      patch.waitForReceipt ?? (async () => ({ status: 'success', transactionHash: HASH }) as TransactionReceipt),
    ),
  };
  return { d, calls };
}

const userOf = (id: string) => ({ id }) as User;
const ALICE = { user: userOf('alice'), address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const };
const BOB = { user: userOf('bob'), address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const };
const send = { account: ALICE, chainId: 31337, prompt: false, waitForReceipt: true };

describe('send transaction runner', () => {
  it("a node refusing the signed transaction is SPEC's 'Error processing transaction' (EIP-1193 -32603)", async () => {
    const { d } = deps({ broadcast: async () => Promise.reject(new Error('nonce too low')) });
    const runner = createSendTransactionRunner(createFakeClock(), d);
    await expect(runner.send({ to: HASH.slice(0, 42), value: 1 }, send)).rejects.toMatchObject({
      code: -32603,
      message: 'Error processing transaction',
    });
  });

  it('a receipt wait that times out is transaction_expired with the hash, asked for with the named timeout', async () => {
    let timeout = 0;
    const { d } = deps({
      waitForReceipt: async (_hash, _chain, ms) => {
        timeout = ms;
        throw new ReceiptWaitError('expired');
      },
    });
    const error = await createSendTransactionRunner(createFakeClock(), d)
      .send({}, send)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionError);
    expect(error).toMatchObject({ code: 'transaction_expired', hash: HASH });
    expect(timeout).toBe(SEND_TRANSACTION_DELAY.receiptTimeout);
  });

  it('a frame refusing to sign keeps its catalogue error and nothing is broadcast', async () => {
    const refused = new LatchError('internal_error');
    const { d, calls } = deps({ sign: async () => Promise.reject(refused) });
    await expect(createSendTransactionRunner(createFakeClock(), d).send({}, send)).rejects.toBe(refused);
    expect(calls).toEqual(['prepare', 'sign']);
  });

  it('with a prompt: the frame is asked once the screen placed it; the hash resolves after the receipt; sign-only resolves raw', async () => {
    const { d, calls } = deps();
    const runner = createSendTransactionRunner(createFakeClock(), d);
    const sent = runner.send({}, { ...send, prompt: true });
    await flush();
    expect(runner.getState()).toMatchObject({ status: 'review' });
    expect(calls).toEqual(['prepare']);
    runner.dispatch({ type: 'submit' });
    expect(await sent).toMatchObject({ hash: HASH, receipt: { status: 'success' } });
    expect(calls).toEqual(['prepare', 'sign', 'broadcast', 'waitForReceipt']);
    const signOnly = deps();
    const signed = await createSendTransactionRunner(createFakeClock(), signOnly.d).send(
      {},
      { ...send, broadcast: false },
    );
    expect(signed.raw).toBe('0x02aa');
    expect(signOnly.calls).toEqual(['prepare', 'sign']);
  });

  it('each send keeps its own account: a request refused as busy does not move a retry to its wallet', async () => {
    const accounts: string[] = [];
    let expire: (error: unknown) => void = () => undefined;
    const { d } = deps({
      prepare: async (_request, _chainId, account) => {
        accounts.push(`prepare:${account.user.id}:${account.address}`);
        return prepared;
      },
      sign: async (_transaction, account) => {
        accounts.push(`sign:${account.user.id}`);
        return '0x02aa' as Hex;
      },
      waitForReceipt: () =>
        new Promise((_resolve, reject) => {
          expire = reject;
        }),
    });
    const runner = createSendTransactionRunner(createFakeClock(), d);
    void runner.send({}, { ...send, prompt: true }).catch(() => undefined);
    await flush();
    runner.dispatch({ type: 'submit' });
    await flush();
    expect(runner.getState()).toMatchObject({ status: 'awaitingReceipt' });
    await expect(runner.send({}, { ...send, account: BOB, prompt: true })).rejects.toMatchObject({ code: -32002 });
    expire(new ReceiptWaitError('expired'));
    await flush();
    runner.dispatch({ type: 'retry' });
    await flush();
    runner.dispatch({ type: 'submit' });
    await flush();
    expect(accounts).toEqual([
      `prepare:alice:${ALICE.address}`,
      'sign:alice',
      `prepare:alice:${ALICE.address}`,
      'sign:alice',
    ]);
  });
});
