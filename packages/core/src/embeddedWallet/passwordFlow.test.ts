import { describe, expect, it } from 'vitest';
import {
  canAdvance,
  canGoBack,
  confirmStepError,
  createStepError,
  initialPasswordFlow,
  type PasswordFlowEvent,
  type PasswordFlowState,
  passwordFlowTransition,
} from './passwordFlow.js';

const run = (state: PasswordFlowState, ...events: PasswordFlowEvent[]) =>
  events.reduce((s, e) => passwordFlowTransition(s, e).state, state);

const fresh = () => initialPasswordFlow({ purpose: 'update' });

describe('password flow (SPEC §4 "Wallet password flow", §5)', () => {
  it('validates as the user types; Continue is disabled while empty or invalid', () => {
    const empty = fresh();
    expect(canAdvance(empty)).toBe(false);
    const short = run(empty, { type: 'passwordChanged', password: 'abc' });
    expect(createStepError(short)).toEqual({ code: 'password_too_short' });
    expect(run(short, { type: 'continue' }).step).toBe('creating');
    const spaced = run(empty, { type: 'passwordChanged', password: 'my pass?' });
    expect(createStepError(spaced)).toEqual({
      code: 'password_invalid_characters',
      values: { characters: 'SPACE ?' },
    });
    expect(canAdvance(spaced)).toBe(false);
  });

  it('asks for a strength estimate and keeps only the one for the current password', () => {
    const typed = passwordFlowTransition(fresh(), { type: 'passwordChanged', password: 'abcdEF1!' });
    expect(typed.effects).toEqual([{ type: 'estimateStrength', password: 'abcdEF1!' }]);
    expect(typed.state.strength).toEqual({ score: 0.5, label: 'Weak' });
    const stale = run(typed.state, { type: 'strengthEstimated', password: 'older', estimate: 1 });
    expect(stale.strength?.label).toBe('Weak');
    const strong = run(typed.state, { type: 'strengthEstimated', password: 'abcdEF1!', estimate: 1 });
    expect(strong.strength).toEqual({ score: 1, label: 'Strong' });
  });

  it('shows and hides; a generated password is shown', () => {
    const shown = run(fresh(), { type: 'toggleReveal' });
    expect(shown.revealed).toBe(true);
    expect(run(shown, { type: 'toggleReveal' }).revealed).toBe(false);
    expect(passwordFlowTransition(fresh(), { type: 'generate' }).effects).toEqual([{ type: 'generatePassword' }]);
    const generated = run(fresh(), { type: 'passwordGenerated', password: 'Ab3!Ab3!Ab3!Ab3!Ab3!' });
    expect(generated).toMatchObject({ password: 'Ab3!Ab3!Ab3!Ab3!Ab3!', revealed: true });
  });

  it('walks creating → saving → confirming → finalizing, back one step at a time', () => {
    let s = run(fresh(), { type: 'passwordChanged', password: 'Secret-123' }, { type: 'continue' });
    expect(s.step).toBe('saving');
    const copy = passwordFlowTransition(s, { type: 'copy' });
    expect(copy.state.copied).toBe(true);
    expect(copy.effects).toEqual([
      { type: 'copy', text: 'Secret-123' },
      { type: 'after', ms: 1500, event: { type: 'copiedReset' } },
    ]);
    expect(passwordFlowTransition(s, { type: 'download' }).effects).toEqual([{ type: 'download', text: 'Secret-123' }]);
    s = run(s, { type: 'continue' });
    expect(s.step).toBe('confirming');
    expect(canGoBack(s)).toBe(true);
    expect(run(s, { type: 'back' }).step).toBe('saving');
    expect(run(s, { type: 'back' }, { type: 'back' }).step).toBe('creating');
  });

  it('gives password_mismatch only once touched, and holds Continue until they match', () => {
    const confirming = run(
      fresh(),
      { type: 'passwordChanged', password: 'Secret-123' },
      { type: 'continue' },
      { type: 'continue' },
    );
    const typing = run(confirming, { type: 'confirmationChanged', confirmation: 'Secr' });
    expect(confirmStepError(typing)).toBeNull();
    expect(run(typing, { type: 'continue' }).step).toBe('confirming');
    expect(confirmStepError(run(typing, { type: 'confirmationBlurred' }))).toBe('password_mismatch');
    const wrong = run(confirming, { type: 'confirmationChanged', confirmation: 'Secret-124' });
    expect(confirmStepError(wrong)).toBe('password_mismatch');
    const right = run(wrong, { type: 'confirmationChanged', confirmation: 'Secret-123' });
    expect(confirmStepError(right)).toBeNull();
    expect(run(right, { type: 'continue' }).step).toBe('finalizing');
  });

  it("enables 'Set Password' only once acknowledged; submits after 250 ms; done shows success or the error", () => {
    const finalizing = run(
      initialPasswordFlow({ purpose: 'create' }),
      { type: 'passwordChanged', password: 'Secret-123' },
      { type: 'continue' },
      { type: 'continue' },
      { type: 'confirmationChanged', confirmation: 'Secret-123' },
      { type: 'continue' },
    );
    expect(finalizing.step).toBe('finalizing');
    expect(canAdvance(finalizing)).toBe(false);
    expect(passwordFlowTransition(finalizing, { type: 'submit' }).effects).toEqual([]);
    const ticked = run(finalizing, { type: 'acknowledge', checked: true });
    const submit = passwordFlowTransition(ticked, { type: 'submit' });
    expect(submit.state.submitting).toBe(true);
    expect(submit.effects).toEqual([{ type: 'after', ms: 250, event: { type: 'submitNow' } }]);
    expect(passwordFlowTransition(submit.state, { type: 'submitNow' }).effects).toEqual([
      { type: 'submitPassword', purpose: 'create', password: 'Secret-123' },
    ]);
    expect(run(submit.state, { type: 'submitted' })).toMatchObject({ step: 'done', result: { ok: true } });
    const failed = run(submit.state, { type: 'submitFailed', rateLimited: false });
    expect(failed.result).toEqual({ ok: false, error: 'create_wallet_failed' });
    expect(run(failed, { type: 'retry' })).toMatchObject({ step: 'finalizing', result: null });
    const update = { ...submit.state, purpose: 'update' as const };
    expect(run(update, { type: 'submitFailed', rateLimited: false }).result).toEqual({
      ok: false,
      error: 'set_password_failed',
    });
    expect(run(update, { type: 'submitFailed', rateLimited: true }).result).toEqual({
      ok: false,
      error: 'too_many_requests',
    });
  });

  it('offers back from creating only when the flow came from recovery selection', () => {
    expect(canGoBack(fresh())).toBe(false);
    expect(canGoBack(initialPasswordFlow({ purpose: 'create', fromSelection: true }))).toBe(true);
  });

  it('a changed password drops the confirmation and the acknowledgement', () => {
    const s = { ...fresh(), confirmation: 'x', acknowledged: true, confirmTouched: true };
    expect(run(s, { type: 'passwordChanged', password: 'Other-123' })).toMatchObject({
      confirmation: '',
      acknowledged: false,
      confirmTouched: false,
    });
  });
});
