import type { User } from '@latch/protocol';
import type { Hex, TransactionReceipt } from 'viem';
import { describe, expect, it } from 'vitest';
import type { PreparedTransaction } from '../transactions/prepareTransaction.js';
import { SEND_TRANSACTION_DELAY, type SendTransactionEvent, sendTransactionTransition } from './sendTransactionFlow.js';
import type { SendTransaction } from './sendTransactionState.js';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH = `0x${'ab'.repeat(32)}` as Hex;
const request = { to: TO, value: '0x2386f26fc10000' };
const ACCOUNT = { user: { id: 'u1' } as User, address: FROM } as const;

const prepared = (patch: Partial<PreparedTransaction> = {}): PreparedTransaction => ({
  from: FROM,
  transaction: {
    type: 'eip1559',
    chainId: 31337,
    to: TO,
    value: 10n ** 16n,
    nonce: 0,
    gas: 21000n,
    maxFeePerGas: 2n,
    maxPriorityFeePerGas: 1n,
  },
  kind: 'send',
  fees: { rule: 'default', gas: 21000n, feePerGas: 2n, executionFee: 42000n, l1Fee: 0n, total: 42000n },
  total: 10n ** 16n + 42000n,
  balance: 10n ** 18n,
  insufficientFunds: false,
  ...patch,
});

const receipt = (status: 'success' | 'reverted') => ({ status, transactionHash: HASH }) as TransactionReceipt;

const open = (prompt = true, waitForReceipt = true): SendTransactionEvent => ({
  type: 'request',
  id: 1,
  request,
  account: ACCOUNT,
  chainId: 31337,
  uiOptions: { description: 'Pay' },
  prompt,
  waitForReceipt,
});

// Runs events from no state, returning the last transition.
function run(...events: SendTransactionEvent[]) {
  let state: SendTransaction | null = null;
  let last = sendTransactionTransition(null, { type: 'reset' });
  for (const event of events) {
    last = sendTransactionTransition(state, event);
    state = last.state;
  }
  return last;
}

const toReview = [open(), { type: 'prepared', id: 1, prepared: prepared() }] as const;
// The review on screen; the screen's 'submit' once it placed the frame; the frame's signature after the user's click.
const approved = toReview;
const signed = [...toReview, { type: 'submit' }, { type: 'signed', id: 1 }] as const;

describe('send transaction flow', () => {
  it('prepares, then shows the review (the frame is not asked until the screen placed it)', () => {
    const opened = run(open());
    expect(opened.state).toMatchObject({ status: 'preparing', uiOptions: { description: 'Pay' }, prompt: true });
    expect(opened.effects).toEqual([{ type: 'prepare', id: 1, request, chainId: 31337, account: ACCOUNT }]);
    const review = run(...toReview);
    expect(review.state).toMatchObject({ status: 'review', prepared: prepared() });
    expect(review.effects).toEqual([]);
  });

  it("submit asks the frame (its confirmation's Submit signs): confirming, then submitting once signed", () => {
    const submitted = run(...toReview, { type: 'submit' });
    expect(submitted.state?.status).toBe('confirming');
    expect(submitted.effects).toEqual([
      { type: 'signAndSend', id: 1, transaction: prepared().transaction, broadcast: true, account: ACCOUNT },
    ]);
    // Asked once: a second submit while the frame asks does nothing.
    expect(run(...toReview, { type: 'submit' }, { type: 'submit' }).effects).toEqual([]);
    expect(run(...signed).state?.status).toBe('submitting');
  });

  it("Cancel on the frame's confirmation is the user's rejection (4001): the screen goes", () => {
    const error = new Error('approval_rejected');
    const cancelled = run(
      ...toReview,
      { type: 'submit' },
      { type: 'sendFailed', id: 1, code: 'approval_rejected', error },
    );
    expect(cancelled).toEqual({ state: null, effects: [{ type: 'reject', id: 1, error: null, failure: null }] });
    // Closing the widget's dialog while the frame asks is the same rejection.
    expect(sendTransactionTransition(run(...toReview, { type: 'submit' }).state, { type: 'close' }).effects).toEqual([
      { type: 'reject', id: 1, error: null, failure: null },
    ]);
  });

  it('insufficient funds: the review shows insufficient_funds, registers nothing, and Submit stays off', () => {
    const short = run(open(), { type: 'prepared', id: 1, prepared: prepared({ insufficientFunds: true }) });
    expect(short.state).toMatchObject({ status: 'review', error: { code: 'insufficient_funds', hash: null } });
    expect(short.effects).toEqual([]);
    const submitted = sendTransactionTransition(short.state, { type: 'submit' });
    expect(submitted).toEqual({ state: short.state, effects: [] });
    // After Add Funds, Retry prepares again (a new balance); on a covered review Retry does nothing.
    expect(sendTransactionTransition(short.state, { type: 'retry' }).effects).toEqual([
      { type: 'prepare', id: 1, request, chainId: 31337, account: ACCOUNT },
    ]);
    expect(sendTransactionTransition(run(...approved).state, { type: 'retry' }).effects).toEqual([]);
  });

  it('sent: waits for the receipt with the named timeout; a successful receipt resolves with hash and receipt', () => {
    const sent = run(...approved, { type: 'submit' }, { type: 'sent', id: 1, hash: HASH });
    expect(sent.state).toMatchObject({ status: 'awaitingReceipt', hash: HASH });
    expect(sent.effects).toEqual([
      { type: 'waitForReceipt', id: 1, hash: HASH, chainId: 31337, timeoutMs: SEND_TRANSACTION_DELAY.receiptTimeout },
    ]);
    const done = sendTransactionTransition(sent.state, { type: 'receiptReceived', id: 1, receipt: receipt('success') });
    expect(done.state).toMatchObject({ status: 'receipt', receipt: receipt('success') });
    expect(done.effects).toEqual([{ type: 'resolve', id: 1, result: { hash: HASH, receipt: receipt('success') } }]);
    // 'All Done' closes without a rejection.
    expect(sendTransactionTransition(done.state, { type: 'close' })).toEqual({ state: null, effects: [] });
  });

  it('without waitForTransactionConfirmation the hash resolves as soon as it is sent', () => {
    const last = run(open(true, false), approved[1], { type: 'submit' });
    const sent = sendTransactionTransition(last.state, { type: 'sent', id: 1, hash: HASH });
    expect(sent.state?.status).toBe('receipt');
    expect(sent.effects).toEqual([{ type: 'resolve', id: 1, result: { hash: HASH, receipt: null } }]);
  });

  it('sign only (eth_signTransaction): the same review and frame confirmation, then the signed transaction resolves, unsent', () => {
    const signOnly = { ...open(), broadcast: false } as SendTransactionEvent;
    const submitted = run(signOnly, approved[1], { type: 'submit' });
    expect(submitted.effects).toEqual([
      { type: 'signAndSend', id: 1, transaction: prepared().transaction, broadcast: false, account: ACCOUNT },
    ]);
    const signed = sendTransactionTransition(submitted.state, { type: 'sent', id: 1, hash: HASH, raw: '0x02ff' });
    expect(signed.effects).toEqual([{ type: 'resolve', id: 1, result: { hash: HASH, receipt: null, raw: '0x02ff' } }]);
  });

  it('reverted, replaced and expired show the code with the hash; closing then rejects with that failure', () => {
    const sending = [...approved, { type: 'submit' }, { type: 'sent', id: 1, hash: HASH }] as const;
    const reverted = run(...sending, { type: 'receiptReceived', id: 1, receipt: receipt('reverted') });
    expect(reverted.state).toMatchObject({ status: 'error', error: { code: 'transaction_reverted', hash: HASH } });
    const failure = new Error('replaced');
    const replaced = run(...sending, { type: 'receiptFailed', id: 1, reason: 'replaced', error: failure });
    expect(replaced.state?.error).toEqual({ code: 'transaction_replaced', hash: HASH });
    const expired = run(...sending, { type: 'receiptFailed', id: 1, reason: 'expired', error: failure });
    expect(expired.state?.error).toEqual({ code: 'transaction_expired', hash: HASH });
    expect(sendTransactionTransition(replaced.state, { type: 'close' }).effects).toEqual([
      { type: 'reject', id: 1, error: failure, failure: { code: 'transaction_replaced', hash: HASH } },
    ]);
  });

  it("a failed send shows transaction_failed (SPEC 'Error processing transaction'); Retry prepares afresh", () => {
    const error = new Error('nonce too low');
    const failed = run(
      ...approved,
      { type: 'submit' },
      { type: 'sendFailed', id: 1, code: 'transaction_failed', error },
    );
    expect(failed.state).toMatchObject({ status: 'error', error: { code: 'transaction_failed', hash: null } });
    const retried = sendTransactionTransition(failed.state, { type: 'retry' });
    expect(retried.state).toMatchObject({ status: 'preparing', prepared: null, error: null });
    expect(retried.effects).toEqual([{ type: 'prepare', id: 1, request, chainId: 31337, account: ACCOUNT }]);
  });

  it('a preparation failure shows its catalogue code; a frame that cannot show its confirmation shows its code', () => {
    const error = new Error('estimate');
    const failed = run(open(), { type: 'prepareFailed', id: 1, code: 'transaction_preparation_failed', error });
    expect(failed.state?.error).toEqual({ code: 'transaction_preparation_failed', hash: null });
    const hidden = run(
      ...toReview,
      { type: 'submit' },
      { type: 'sendFailed', id: 1, code: 'approval_not_visible', error },
    );
    expect(hidden.state?.error).toEqual({ code: 'approval_not_visible', hash: null });
  });

  it('closing before sending is the user rejection (error null → 4001); closing while sending does nothing', () => {
    for (const events of [[open()], toReview]) {
      expect(sendTransactionTransition(run(...events).state, { type: 'close' })).toEqual({
        state: null,
        effects: [{ type: 'reject', id: 1, error: null, failure: null }],
      });
    }
    const signing = run(...signed);
    expect(sendTransactionTransition(signing.state, { type: 'close' })).toEqual({ state: signing.state, effects: [] });
  });

  it('without a prompt (headless): no review, no confirmation, signs at once; errors go straight to the caller', () => {
    const auto = run(open(false), { type: 'prepared', id: 1, prepared: prepared() });
    expect(auto.effects).toEqual([
      {
        type: 'signAndSend',
        id: 1,
        transaction: prepared().transaction,
        broadcast: true,
        account: ACCOUNT,
      },
    ]);
    const short = run(open(false), { type: 'prepared', id: 1, prepared: prepared({ insufficientFunds: true }) });
    expect(short).toEqual({
      state: null,
      effects: [{ type: 'reject', id: 1, error: null, failure: { code: 'insufficient_funds', hash: null } }],
    });
    const done = run(
      open(false),
      { type: 'prepared', id: 1, prepared: prepared() },
      { type: 'sent', id: 1, hash: HASH },
    );
    const mined = sendTransactionTransition(done.state, {
      type: 'receiptReceived',
      id: 1,
      receipt: receipt('success'),
    });
    expect(mined.state).toBeNull();
    expect(mined.effects).toEqual([{ type: 'resolve', id: 1, result: { hash: HASH, receipt: receipt('success') } }]);
  });

  it('a new request replaces one under review (its caller rejected) but not one being sent; late outcomes are ignored', () => {
    const review = run(...approved);
    const second = { ...open(), id: 2 } as SendTransactionEvent;
    const replaced = sendTransactionTransition(review.state, second);
    expect(replaced.state).toMatchObject({ id: 2, status: 'preparing' });
    expect(replaced.effects[0]).toEqual({ type: 'reject', id: 1, error: null, failure: null });
    expect(sendTransactionTransition(replaced.state, { type: 'prepared', id: 1, prepared: prepared() }).state).toBe(
      replaced.state,
    );
    const signing = run(...signed);
    expect(sendTransactionTransition(signing.state, second)).toEqual({
      state: signing.state,
      effects: [{ type: 'rejectBusy', id: 2 }],
    });
  });

  it('reset rejects any open send (even after a failure) and does nothing without one', () => {
    const failed = run(open(), { type: 'prepareFailed', id: 1, code: 'transaction_preparation_failed', error: 1 });
    expect(sendTransactionTransition(failed.state, { type: 'reset' }).effects).toEqual([
      { type: 'reject', id: 1, error: null, failure: null },
    ]);
    expect(sendTransactionTransition(null, { type: 'reset' })).toEqual({ state: null, effects: [] });
  });

  it('reset never tells the caller of a transaction that may be on chain that it was rejected', () => {
    // Sent, waiting for the receipt: the caller gets the hash (no receipt), the late receipt changes nothing.
    const waiting = run(...approved, { type: 'submit' }, { type: 'sent', id: 1, hash: HASH });
    const gone = sendTransactionTransition(waiting.state, { type: 'reset' });
    expect(gone).toEqual({
      state: null,
      effects: [{ type: 'resolve', id: 1, result: { hash: HASH, receipt: null } }],
    });
    // Being signed or sent: no screen, the caller waits for how it ends.
    const signing = run(...signed);
    const held = sendTransactionTransition(signing.state, { type: 'reset' });
    expect(held.effects).toEqual([]);
    expect(held.state).toMatchObject({ id: 1, status: 'submitting', prompt: false });
    expect(sendTransactionTransition(held.state, { type: 'sent', id: 1, hash: HASH })).toEqual({
      state: null,
      effects: [{ type: 'resolve', id: 1, result: { hash: HASH, receipt: null } }],
    });
    const error = new Error('node down');
    expect(
      sendTransactionTransition(held.state, { type: 'sendFailed', id: 1, code: 'transaction_failed', error }),
    ).toEqual({
      state: null,
      effects: [{ type: 'reject', id: 1, error, failure: { code: 'transaction_failed', hash: null } }],
    });
  });
});
