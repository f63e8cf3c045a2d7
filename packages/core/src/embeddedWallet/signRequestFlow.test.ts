import { DELAY } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { type SignRequest, type SignRequestEvent, signRequestTransition } from './signRequestFlow.js';
import { createSignRequestRunner } from './signRequestRunner.js';

const request = (id = 1): SignRequestEvent => ({ type: 'request', id, kind: 'message', payload: 'hello' });
const open = (patch: Partial<SignRequest> = {}): SignRequest => ({
  id: 1,
  kind: 'message',
  payload: 'hello',
  uiOptions: {},
  status: 'pending',
  error: null,
  failure: null,
  ...patch,
});

describe('sign request transition', () => {
  it('opens pending, signs on approve only once, and a second approve while signing does nothing', () => {
    const opened = signRequestTransition(null, request());
    expect(opened.state).toEqual(open());
    const approved = signRequestTransition(opened.state, { type: 'approve' });
    expect(approved).toEqual({ state: open({ status: 'signing' }), effects: [{ type: 'sign', id: 1 }] });
    expect(signRequestTransition(approved.state, { type: 'approve' }).effects).toEqual([]);
  });

  it("on a signature: 'Success', the caller's promise resolves, the screen closes after DELAY.successClose", () => {
    const { state, effects } = signRequestTransition(open({ status: 'signing' }), {
      type: 'signed',
      id: 1,
      signature: '0xs',
    });
    expect(state?.status).toBe('success');
    expect(effects).toEqual([
      { type: 'resolve', id: 1, signature: '0xs' },
      { type: 'after', ms: DELAY.successClose, event: { type: 'autoClose', id: 1 } },
    ]);
    expect(signRequestTransition(state, { type: 'autoClose', id: 1 }).state).toBeNull();
    // A success is not rejected when closed by hand.
    expect(signRequestTransition(state, { type: 'close' }).effects).toEqual([{ type: 'cancelTimers' }]);
  });

  it('on a failure: the wallet_error code (no English), and a close then reports that failure', () => {
    const failure = new Error('frame said no');
    const { state } = signRequestTransition(open({ status: 'signing' }), { type: 'signFailed', id: 1, error: failure });
    expect(state).toMatchObject({ status: 'error', error: 'wallet_error', failure });
    expect(signRequestTransition(state, { type: 'close' })).toEqual({
      state: null,
      effects: [{ type: 'cancelTimers' }, { type: 'reject', id: 1, error: failure }],
    });
    // Approving again retries, clearing the code.
    expect(signRequestTransition(state, { type: 'approve' }).state).toMatchObject({ status: 'signing', error: null });
  });

  it("Cancel on the frame's confirmation (approval_rejected) closes the screen with the user's rejection (4001)", () => {
    const cancelled = { code: 'approval_rejected' };
    expect(signRequestTransition(open({ status: 'signing' }), { type: 'signFailed', id: 1, error: cancelled })).toEqual(
      {
        state: null,
        effects: [{ type: 'cancelTimers' }, { type: 'reject', id: 1, error: null }],
      },
    );
  });

  it('closing before signing is a rejection (error null: the runner gives EIP-1193 4001)', () => {
    expect(signRequestTransition(open(), { type: 'close' }).effects).toEqual([
      { type: 'cancelTimers' },
      { type: 'reject', id: 1, error: null },
    ]);
  });

  it('a new request replaces an open one, whose caller is rejected; late outcomes of the old one are ignored', () => {
    const replaced = signRequestTransition(open({ status: 'signing' }), request(2));
    expect(replaced.state).toEqual(open({ id: 2 }));
    expect(replaced.effects).toContainEqual({ type: 'reject', id: 1, error: null });
    const late = signRequestTransition(replaced.state, { type: 'signed', id: 1, signature: '0xold' });
    expect(late).toEqual({ state: replaced.state, effects: [] });
    expect(signRequestTransition(replaced.state, { type: 'autoClose', id: 1 }).state).toBe(replaced.state);
  });

  it('reset (logout, destroy) rejects even after a failure, and does nothing without a request', () => {
    const failed = open({ status: 'error', error: 'wallet_error', failure: new Error('x') });
    expect(signRequestTransition(failed, { type: 'reset' }).effects).toContainEqual({
      type: 'reject',
      id: 1,
      error: null,
    });
    expect(signRequestTransition(null, { type: 'reset' })).toEqual({ state: null, effects: [] });
  });
});

describe('sign request runner', () => {
  it('resolves the caller with the signature, then closes on the clock', async () => {
    const clock = createFakeClock();
    const runner = createSignRequestRunner(clock);
    const signature = runner.request('message', 'hello', async () => '0xsig');
    runner.dispatch({ type: 'approve' });
    await expect(signature).resolves.toBe('0xsig');
    expect(runner.getState()?.status).toBe('success');
    await clock.advance(DELAY.successClose);
    expect(runner.getState()).toBeNull();
  });

  it('rejects a declined request with EIP-1193 4001 and the SPEC text', async () => {
    const runner = createSignRequestRunner(createFakeClock());
    const signature = runner.request('typedData', {}, async () => '0xsig');
    runner.dispatch({ type: 'close' });
    await expect(signature).rejects.toMatchObject({ code: 4001, message: 'The user rejected the request.' });
  });

  it('destroy rejects the open request and never signs it', async () => {
    let signed = false;
    const runner = createSignRequestRunner(createFakeClock());
    const signature = runner.request('message', 'x', async () => {
      signed = true;
      return '0x';
    });
    runner.destroy();
    await expect(signature).rejects.toMatchObject({ code: 4001 });
    runner.dispatch({ type: 'approve' });
    expect(signed).toBe(false);
  });
});
