import { DELAY, LatchError, LIMIT } from '@latch/protocol';
import {
  ON_RAMP_API,
  type OnRampProviderTransaction,
  type OnRampSignRequest,
  type OnRampStatus,
} from '@latch/protocol/onRamp';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { fundingTransition, onRampStatusOf } from './fundingFlow.js';
import { createFundingRunner } from './fundingRunner.js';

const EXTERNAL = 'ext_1';
const STATUS_URL = 'https://api.moonpay.test/v1/transactions/ext/ext_1?apiKey=pk_test_1';
const SIGNED = {
  signedUrl: 'https://buy-sandbox.moonpay.test/?signature=x',
  externalTransactionId: EXTERNAL,
  statusUrl: STATUS_URL,
};
const REQUEST: OnRampSignRequest = {
  address: `0x${'1'.repeat(40)}`,
  useSandbox: true,
  config: { currencyCode: 'eth', uiConfig: { theme: 'light' } },
};

const tx = (overrides: Partial<OnRampProviderTransaction> = {}): OnRampProviderTransaction => ({
  id: 'mp_1',
  status: 'pending',
  paymentMethod: 'credit_debit_card',
  cardPaymentType: 'debit',
  currency: { code: 'eth' },
  baseCurrencyAmount: 50,
  quoteCurrencyAmount: 0.02,
  feeAmount: 1,
  extraFeeAmount: 0,
  networkFeeAmount: 0.1,
  externalTransactionId: EXTERNAL,
  walletAddress: REQUEST.address,
  cryptoTransactionId: null,
  ...overrides,
});

/** A provider answer: an array of transactions (200), 404, or a failure (500 or a network error). */
type Answer = OnRampProviderTransaction[] | 404 | 500 | 'network';

/** The runner with a fake clock, a scripted server and provider, and a record of what it did. */
function harness(answers: Answer[], sign: () => Promise<unknown> = async () => SIGNED) {
  const clock = createFakeClock();
  const calls = { signed: [] as unknown[], fetched: 0, opened: [] as string[], done: [] as (OnRampStatus | null)[] };
  const runner = createFundingRunner(clock, {
    authedRequest: async <T>(path: string, body: unknown) => {
      expect(path).toBe(ON_RAMP_API.sign);
      calls.signed.push(body);
      return (await sign()) as T;
    },
    fetch: async (url) => {
      expect(url).toBe(STATUS_URL);
      const answer = answers[calls.fetched] ?? answers.at(-1);
      calls.fetched += 1;
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (typeof answer === 'number') return new Response('{}', { status: answer });
      return Response.json(answer);
    },
    openTab: (url) => calls.opened.push(url),
    done: (_id, status) => calls.done.push(status),
  });
  const open = async () => {
    runner.dispatch({ type: 'open', id: 1, request: REQUEST });
    await clock.flush();
    runner.dispatch({ type: 'continue' });
  };
  const polls = (n: number) => clock.advance(DELAY.fiatStatusPoll * n);
  return { clock, runner, calls, open, polls, status: () => runner.getState()?.status };
}

describe('funding flow (SPEC §2 on-ramp screens, §4 statuses and polling)', () => {
  it('signs on entry with the request, then shows the prompt; its click opens the signed URL at once', async () => {
    const h = harness([404]);
    h.runner.dispatch({ type: 'open', id: 1, request: REQUEST });
    expect(h.runner.getState()?.step).toBe('signing');
    await h.clock.flush();
    expect(h.calls.signed).toEqual([REQUEST]);
    expect(h.runner.getState()).toMatchObject({ step: 'prompt', signed: SIGNED });
    h.runner.dispatch({ type: 'continue' });
    // Synchronously, inside the click: a tab opened after an await is blocked as a popup.
    expect(h.calls.opened).toEqual([SIGNED.signedUrl]);
    expect(h.runner.getState()).toMatchObject({ step: 'status', status: 'pending' });
  });

  it('a refused sign call shows its catalogue code; Try again signs afresh', async () => {
    let refuse = true;
    const h = harness([404], async () => {
      if (refuse) throw new LatchError('invalid_data');
      return SIGNED;
    });
    h.runner.dispatch({ type: 'open', id: 1, request: REQUEST });
    await h.clock.flush();
    expect(h.runner.getState()).toMatchObject({ step: 'signFailed', error: 'invalid_data' });
    h.runner.dispatch({ type: 'continue' });
    expect(h.calls.opened).toEqual([]);
    refuse = false;
    h.runner.dispatch({ type: 'retry' });
    await h.clock.flush();
    expect(h.runner.getState()?.step).toBe('prompt');
  });

  it('polls every DELAY.fiatStatusPoll: 404, waitingPayment and pending are pending, then completed stops it', async () => {
    const h = harness([
      404,
      [tx({ status: 'waitingPayment' })],
      [tx({ status: 'pending' })],
      [tx({ status: 'completed' })],
    ]);
    await h.open();
    await h.clock.advance(DELAY.fiatStatusPoll - 1);
    expect(h.calls.fetched).toBe(0);
    await h.clock.advance(1);
    expect([h.calls.fetched, h.status()]).toEqual([1, 'pending']);
    await h.polls(1);
    expect([h.calls.fetched, h.status()]).toEqual([2, 'pending']);
    await h.polls(1);
    expect([h.calls.fetched, h.status()]).toEqual([3, 'pending']);
    await h.polls(1);
    expect([h.calls.fetched, h.status()]).toEqual([4, 'completed']);
    expect(h.runner.getState()?.transaction?.quoteCurrencyAmount).toBe(0.02);
    await h.polls(5);
    expect(h.calls.fetched).toBe(4);
    expect(h.clock.pendingTimers()).toBe(0);
  });

  it.each([
    ['failed', tx({ status: 'failed' }), 'failed'],
    [
      'a non-card waiting authorisation',
      tx({ status: 'waitingAuthorization', paymentMethod: 'sepa_bank_transfer', cardPaymentType: null }),
      'waitingAuthorization',
    ],
  ] as const)('%s stops polling', async (_name, transaction, status) => {
    const h = harness([[transaction]]);
    await h.open();
    await h.polls(1);
    expect(h.status()).toBe(status);
    await h.polls(3);
    expect(h.calls.fetched).toBe(1);
  });

  it('a card payment waiting for authorisation shows as pending and polling goes on', async () => {
    const h = harness([[tx({ status: 'waitingAuthorization' })], [tx({ status: 'completed' })]]);
    await h.open();
    await h.polls(1);
    expect(h.status()).toBe('pending');
    await h.polls(1);
    expect([h.calls.fetched, h.status()]).toEqual([2, 'completed']);
  });

  it(`${LIMIT.fiatStatusMaxConsecutiveErrors} consecutive non-404 errors are a serviceFailure, and polling stops`, async () => {
    const h = harness([500, 'network', 500, [tx()]]);
    await h.open();
    await h.polls(2);
    expect([h.runner.getState()?.errors, h.status()]).toEqual([2, 'pending']);
    await h.polls(1);
    expect([h.runner.getState()?.errors, h.status()]).toEqual([3, 'serviceFailure']);
    await h.polls(3);
    expect(h.calls.fetched).toBe(3);
  });

  it('404s never count as errors, and an answer resets the count', async () => {
    const h = harness([500, 500, [tx()], 500, 500, 404, 500, 500, 404, 404, 404, 404]);
    await h.open();
    await h.polls(12);
    expect(h.calls.fetched).toBe(12);
    expect([h.runner.getState()?.errors, h.status()]).toEqual([0, 'pending']);
  });

  it('after a failure, Try again signs a new URL and goes back to the prompt', async () => {
    const h = harness([[tx({ status: 'failed' })]]);
    await h.open();
    await h.polls(1);
    h.runner.dispatch({ type: 'retry' });
    expect(h.runner.getState()).toMatchObject({ step: 'signing', status: null, errors: 0 });
    await h.clock.flush();
    expect(h.calls.signed).toHaveLength(2);
    expect(h.runner.getState()?.step).toBe('prompt');
  });

  it('close ends the polling and tells the caller the last status; a late answer changes nothing', async () => {
    const h = harness([[tx({ status: 'pending' })]]);
    await h.open();
    await h.polls(1);
    h.runner.dispatch({ type: 'close' });
    expect(h.runner.getState()).toBeNull();
    expect(h.calls.done).toEqual(['pending']);
    expect(h.clock.pendingTimers()).toBe(0);
    h.runner.dispatch({ type: 'polled', id: 1, transactions: [tx({ status: 'completed' })] });
    expect(h.runner.getState()).toBeNull();
  });

  it('a second funding replaces the first, whose caller hears how far it got', () => {
    const first = fundingTransition(null, { type: 'open', id: 1, request: REQUEST }).state;
    const { state, effects } = fundingTransition(first, { type: 'open', id: 2, request: REQUEST });
    expect(state?.id).toBe(2);
    expect(effects).toContainEqual({ type: 'done', id: 1, status: null });
  });
});

describe('onRampStatusOf', () => {
  it("takes the transaction whose externalTransactionId is the funding's", () => {
    const other = tx({ externalTransactionId: 'ext_other', status: 'completed' });
    expect(onRampStatusOf([other], EXTERNAL)).toEqual({ status: 'pending', transaction: null });
    expect(onRampStatusOf([other, tx({ status: 'failed' })], EXTERNAL).status).toBe('failed');
    expect(onRampStatusOf([], EXTERNAL).status).toBe('pending');
    expect(onRampStatusOf(null, EXTERNAL).status).toBe('pending');
  });
});
