import { describe, expect, it } from 'vitest';
import { walletImportTransition as step, type WalletImportState } from './walletImportFlow.js';

const display = { locale: 'en' };

describe('walletImportTransition (the import screen, a pure state machine)', () => {
  it('opens, posts the import only once the frame is placed, and closes when imported', () => {
    const opened = step(null, { type: 'open', run: 1 });
    expect(opened).toEqual({
      state: { run: 1, status: 'placing', error: null },
      effects: [{ type: 'mount', run: 1 }],
    });
    // A frame that never got ready fails the import before any form.
    expect(step(opened.state, { type: 'failed', run: 1, error: 'timeout' }).state?.status).toBe('error');
    const placed = step(opened.state, { type: 'placed', run: 1, display });
    expect(placed.effects).toEqual([{ type: 'import', run: 1, display }]);
    // A second placement (the slot re-placed) posts nothing more.
    expect(step(placed.state, { type: 'placed', run: 1, display }).effects).toEqual([]);
    expect(step(placed.state, { type: 'imported', run: 1 })).toEqual({
      state: null,
      effects: [{ type: 'finish', run: 1 }],
    });
  });

  it('shows a failure until closed; the caller hears it at once', () => {
    const importing: WalletImportState = { run: 2, status: 'importing', error: null };
    const error = new Error('refused');
    const failed = step(importing, { type: 'failed', run: 2, error });
    expect(failed).toEqual({
      state: { run: 2, status: 'error', error },
      effects: [{ type: 'finish', run: 2, error }],
    });
    expect(step(failed.state, { type: 'close' })).toEqual({ state: null, effects: [] });
    // Cancel in the frame's form closes the screen at once.
    const rejected = { code: 'approval_rejected' };
    expect(step(importing, { type: 'failed', run: 2, error: rejected })).toEqual({
      state: null,
      effects: [{ type: 'finish', run: 2, error: rejected }],
    });
  });

  it('closing while the form is open, or a newer import, cancels; late outcomes of an old run change nothing', () => {
    const importing: WalletImportState = { run: 3, status: 'importing', error: null };
    const cancelled = { type: 'finish', run: 3, error: { code: 'client_request_cancelled' } };
    expect(step(importing, { type: 'close' })).toEqual({ state: null, effects: [cancelled] });
    const replaced = step(importing, { type: 'open', run: 4 });
    expect(replaced.effects).toEqual([cancelled, { type: 'mount', run: 4 }]);
    expect(step(replaced.state, { type: 'imported', run: 3 }).state).toEqual(replaced.state);
    expect(step(replaced.state, { type: 'failed', run: 3, error: 'late' }).state).toEqual(replaced.state);
    expect(step(null, { type: 'placed', run: 3, display })).toEqual({ state: null, effects: [] });
  });
});
