import { DELAY } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { type KeyExportState, keyExportTransition } from './keyExportFlow.js';

const ADDRESS = `0x${'c'.repeat(40)}`;
const connecting = (patch: Partial<KeyExportState> = {}): KeyExportState => ({
  run: 1,
  address: ADDRESS,
  status: 'connecting',
  error: null,
  startedAt: 1000,
  ...patch,
});

describe('key export transition', () => {
  it('opens connecting and asks to connect', () => {
    expect(keyExportTransition(null, { type: 'open', run: 1, address: ADDRESS, at: 1000 })).toEqual({
      state: connecting(),
      effects: [{ type: 'cancelTimers' }, { type: 'connect', run: 1 }],
    });
  });

  it('holds the connecting screen for DELAY.keyExportMinimum after connecting began, no longer', () => {
    const fast = keyExportTransition(connecting(), { type: 'connected', run: 1, at: 1200 });
    expect(fast.effects).toEqual([
      { type: 'after', ms: DELAY.keyExportMinimum - 200, event: { type: 'shown', run: 1 } },
    ]);
    const slow = keyExportTransition(connecting(), {
      type: 'connected',
      run: 1,
      at: 1000 + DELAY.keyExportMinimum + 5,
    });
    expect(slow.effects).toEqual([{ type: 'after', ms: 0, event: { type: 'shown', run: 1 } }]);
    expect(keyExportTransition(connecting(), { type: 'shown', run: 1 }).state?.status).toBe('ready');
  });

  it('a failed connection or a failed export page shows the wallet_error code (no English)', () => {
    expect(keyExportTransition(connecting(), { type: 'connectFailed', run: 1 }).state).toMatchObject({
      status: 'error',
      error: 'wallet_error',
    });
    expect(keyExportTransition(connecting({ status: 'ready' }), { type: 'fail' }).state?.error).toBe('wallet_error');
    expect(keyExportTransition(null, { type: 'fail' }).state).toBeNull();
  });

  it("close ends the export (its caller's promise resolves) and cancels the pending show", () => {
    expect(keyExportTransition(connecting(), { type: 'close' })).toEqual({
      state: null,
      effects: [{ type: 'cancelTimers' }, { type: 'finish', run: 1 }],
    });
  });

  it('outcomes of an earlier export change nothing; a second open ends the first', () => {
    const second = connecting({ run: 2 });
    expect(keyExportTransition(second, { type: 'connected', run: 1, at: 5000 }).effects).toEqual([]);
    expect(keyExportTransition(second, { type: 'shown', run: 1 }).state).toBe(second);
    expect(keyExportTransition(second, { type: 'connectFailed', run: 1 }).state).toBe(second);
    const reopened = keyExportTransition(connecting(), { type: 'open', run: 2, address: ADDRESS, at: 3000 });
    expect(reopened.effects).toEqual([
      { type: 'cancelTimers' },
      { type: 'finish', run: 1 },
      { type: 'connect', run: 2 },
    ]);
  });
});
