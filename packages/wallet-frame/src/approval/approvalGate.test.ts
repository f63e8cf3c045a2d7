import { APPROVAL, LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import {
  type ConfirmationClick,
  type ConfirmationSurface,
  createApprovalGate,
  type GateClock,
} from './approvalGate.js';
import { signContent, transactionContent } from './confirmationContent.js';

/** A frame page under test: its viewport, IntersectionObserver v2's verdict and a hand-driven clock. */
function fakeFrame(options: { width?: number; height?: number; visible?: boolean | undefined } = {}) {
  const state = { width: options.width ?? 360, height: options.height ?? 400, visible: options.visible, time: 0 };
  const resizeListeners = new Set<() => void>();
  const timers: { at: number; run: () => void }[] = [];
  let click: ((choice: 'confirm' | 'cancel', click: ConfirmationClick) => void) | null = null;
  const shown = { count: 0, removed: 0, hints: 0 };
  const surface: ConfirmationSurface = {
    viewport: () => ({ width: state.width, height: state.height }),
    onResize(listener) {
      resizeListeners.add(listener);
      return () => resizeListeners.delete(listener);
    },
    show(_content, onClick) {
      shown.count++;
      click = onClick;
      return {
        visible: () => state.visible,
        hint: () => void shown.hints++,
        remove: () => void shown.removed++,
      };
    },
  };
  const clock: GateClock = {
    now: () => state.time,
    setTimeout(run, ms) {
      const timer = { at: state.time + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout(handle) {
      timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1);
    },
  };
  return {
    state,
    shown,
    gate: createApprovalGate(surface, clock),
    advance(ms: number) {
      state.time += ms;
      for (const timer of timers.filter((t) => t.at <= state.time)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
    resize(width: number, height: number) {
      Object.assign(state, { width, height });
      for (const listener of [...resizeListeners]) listener();
    },
    click(choice: 'confirm' | 'cancel', isTrusted = true) {
      click?.(choice, { isTrusted });
    },
  };
}

const content = signContent('message', 'gm');
const outcome = (promise: Promise<void>) =>
  promise.then(
    () => 'approved',
    (error: unknown) => (error instanceof LatchError ? error.code : 'other'),
  );
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the frame approval gate', () => {
  it('approves on a trusted click once the confirmation has been visible the minimum time', async () => {
    const frame = fakeFrame({ visible: true });
    const result = outcome(frame.gate.confirm(content));
    await settle();
    frame.advance(APPROVAL.minVisibleMs);
    frame.click('confirm');
    expect(await result).toBe('approved');
    expect(frame.shown).toMatchObject({ count: 1, removed: 1 });
  });

  it('ignores a click before the minimum time (a confirmation popped under the cursor), then takes a later one', async () => {
    const frame = fakeFrame({ visible: true });
    let settled = false;
    const result = outcome(frame.gate.confirm(content)).finally(() => {
      settled = true;
    });
    await settle();
    frame.advance(APPROVAL.minVisibleMs - 1);
    frame.click('confirm');
    await settle();
    expect(settled).toBe(false);
    expect(frame.shown.hints).toBe(1);
    frame.advance(1);
    frame.click('confirm');
    expect(await result).toBe('approved');
  });

  it('never counts an untrusted (script-dispatched) click, to confirm or to cancel', async () => {
    const frame = fakeFrame({ visible: true });
    let settled = false;
    const result = outcome(frame.gate.confirm(content)).finally(() => {
      settled = true;
    });
    await settle();
    frame.advance(APPROVAL.minVisibleMs * 4);
    frame.click('confirm', false);
    frame.click('cancel', false);
    await settle();
    expect(settled).toBe(false);
    frame.click('cancel');
    expect(await result).toBe('approval_rejected');
  });

  it('refuses a click while IntersectionObserver v2 says the frame is covered or faded', async () => {
    const frame = fakeFrame({ visible: false });
    let settled = false;
    const result = outcome(frame.gate.confirm(content)).finally(() => {
      settled = true;
    });
    await settle();
    frame.advance(APPROVAL.minVisibleMs);
    frame.click('confirm');
    await settle();
    expect(settled).toBe(false);
    expect(frame.shown.hints).toBe(1);
    frame.state.visible = true;
    frame.click('confirm');
    expect(await result).toBe('approved');
  });

  it('takes the click where the browser has no IntersectionObserver v2 (visibility unknown)', async () => {
    const frame = fakeFrame({ visible: undefined });
    const result = outcome(frame.gate.confirm(content));
    await settle();
    frame.advance(APPROVAL.minVisibleMs);
    frame.click('confirm');
    expect(await result).toBe('approved');
  });

  it('Cancel rejects with approval_rejected (EIP-1193 4001 in the widget)', async () => {
    const frame = fakeFrame({ visible: true });
    const result = outcome(frame.gate.confirm(content));
    await settle();
    frame.click('cancel');
    expect(await result).toBe('approval_rejected');
  });

  it('the hidden 0×0 frame refuses with approval_not_visible and shows nothing', async () => {
    const frame = fakeFrame({ width: 0, height: 0, visible: false });
    const result = outcome(frame.gate.confirm(content));
    await settle();
    frame.advance(APPROVAL.viewportWaitMs);
    expect(await result).toBe('approval_not_visible');
    expect(frame.shown.count).toBe(0);
  });

  it('waits for the widget to place the frame, then shows the confirmation', async () => {
    const frame = fakeFrame({ width: 0, height: 0, visible: true });
    const result = outcome(frame.gate.confirm(content));
    await settle();
    frame.resize(360, 400);
    await settle();
    expect(frame.shown.count).toBe(1);
    frame.advance(APPROVAL.viewportWaitMs + APPROVAL.minVisibleMs);
    frame.click('confirm');
    expect(await result).toBe('approved');
  });

  it('a frame shrunk while the confirmation is open (the widget closed) cancels it', async () => {
    const frame = fakeFrame({ visible: true });
    const result = outcome(frame.gate.confirm(content));
    await settle();
    frame.resize(0, 0);
    expect(await result).toBe('approval_rejected');
    expect(frame.shown.removed).toBe(1);
  });

  it('a transient shrink (window resize, zoom, full-page capture) keeps it open; a click counts once big enough', async () => {
    const frame = fakeFrame({ visible: true });
    const result = outcome(frame.gate.confirm(content));
    await settle();
    frame.advance(APPROVAL.minVisibleMs);
    frame.resize(1, 400);
    frame.click('confirm');
    expect(frame.shown.hints).toBe(1);
    frame.resize(360, 400);
    frame.click('confirm');
    expect(await result).toBe('approved');
    expect(frame.shown.removed).toBe(1);
  });

  it('a newer request replaces the open one, whose caller hears a rejection; clear() rejects too', async () => {
    const frame = fakeFrame({ visible: true });
    const first = outcome(frame.gate.confirm(content));
    await settle();
    frame.advance(APPROVAL.minVisibleMs);
    const second = outcome(frame.gate.confirm(content));
    expect(await first).toBe('approval_rejected');
    await settle();
    // The new confirmation restarts the clock: a click aimed at the old one does not approve the new one.
    frame.click('confirm');
    await settle();
    frame.gate.clear();
    expect(await second).toBe('approval_rejected');
  });
});

describe('what the confirmation shows', () => {
  it('a 1 ETH send: title, from, to, action, chain, fees (gas × max fee) and total, computed from the transaction', () => {
    const from = '0x52908400098527886E0F7030069857D2E4169EE7';
    const shown = transactionContent(
      from,
      { to: from, value: '0xde0b6b3a7640000', chainId: 31337, gas: 21000, maxFeePerGas: '0x3b9aca00', nonce: 0 },
      { chainName: 'Anvil', nativeSymbol: 'ETH', usdPrice: 2000 },
    );
    expect(shown.title).toBe('Send ETH');
    expect(shown.confirm).toBe('Submit');
    expect(Object.fromEntries((shown.rows ?? []).map((r) => [r.key, [r.value, r.fiat]]))).toEqual({
      from: ['0x5290…9EE7', undefined],
      to: ['0x5290…9EE7', undefined],
      action: ['Send ETH', undefined],
      network: ['Anvil (31337)', undefined],
      fees: ['<0.001 ETH', '$0.04'],
      total: ['1.000021 ETH', '$2,000.04'],
    });
  });

  it('a contract call shows its selector and size; the message and typed data are shown as text', () => {
    const call = transactionContent('0x52908400098527886E0F7030069857D2E4169EE7', {
      to: '0x52908400098527886E0F7030069857D2E4169EE7',
      data: '0xa9059cbb0000',
      chainId: 1,
    });
    expect(call.title).toBe('Review transaction');
    expect(call.rows?.find((r) => r.key === 'data')?.value).toBe('0xa9059cbb · 6 bytes');
    expect(signContent('message', '0x676d').payload).toBe('gm');
    expect(signContent('typedData', '{"a":1}', { locale: 'es' })).toMatchObject({
      title: 'Firmar mensaje',
      payload: '{\n  "a": 1\n}',
      confirm: 'Firmar y continuar',
    });
  });

  it("the host's texts for this call label the sign confirmation as given (any locale); the payload stays the frame's", () => {
    const texts = { title: 'Log in to Acme', description: 'Proves you own this wallet.', buttonText: 'Sign in' };
    for (const locale of ['en', 'es']) {
      expect(signContent('message', '0x676d', { locale, ...texts })).toMatchObject({
        title: 'Log in to Acme',
        description: 'Proves you own this wallet.',
        confirm: 'Sign in',
        payload: 'gm',
      });
    }
    // Only what the host gave replaces SPEC's text; an empty text is no text.
    expect(signContent('message', 'gm', { title: 'Approve', buttonText: '' })).toMatchObject({
      title: 'Approve',
      description: 'Signing this message will not cost you any fees.',
      confirm: 'Sign and continue',
    });
  });
});
