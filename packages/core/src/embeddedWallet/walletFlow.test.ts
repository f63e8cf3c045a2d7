import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { EmbeddedWalletError } from './embeddedWalletError.js';
import { recoveryOptions } from './recoveryOptions.js';
import { isClosable, WALLET_FLOW_SCREEN } from './walletFlow.js';
import { createWalletFlowRunner, type WalletFlowActions } from './walletFlowRunner.js';

const S = WALLET_FLOW_SCREEN;

function setup(overrides: Partial<WalletFlowActions> = {}) {
  const clock = createFakeClock();
  const calls: string[] = [];
  const finished: string[] = [];
  const actions: WalletFlowActions = {
    connect: async () => {
      calls.push('connect');
      return 'connected';
    },
    recover: async (password) => {
      calls.push(`recover:${password}`);
      if (password !== 'Right-123')
        throw new EmbeddedWalletError('invalid_recovery_pin', undefined, 'invalid_recovery_pin');
    },
    cloud: async (method, mode) => {
      calls.push(`cloud:${method}:${mode}`);
    },
    submitPassword: async (purpose, password) => {
      calls.push(`submit:${purpose}:${password}`);
    },
    estimateStrength: async () => 1,
    randomBytes: (n) => new Uint8Array(n).map((_, i) => (i * 53) % 256),
    copy: async (text) => {
      calls.push(`copy:${text}`);
    },
    download: (fileName, text) => calls.push(`download:${fileName}:${text}`),
    finish: (purpose, outcome) => finished.push(`${purpose}:${outcome}`),
    ...overrides,
  };
  const runner = createWalletFlowRunner({ actions, clock });
  return { clock, calls, finished, runner, dispatch: runner.dispatch, state: runner.getState };
}

/** Types, saves, confirms and acknowledges `password`, up to the 'Set Password' click. */
function throughFinalize(dispatch: (e: never) => void, password: string) {
  const d = dispatch as (e: unknown) => void;
  d({ type: 'passwordChanged', password });
  d({ type: 'continue' });
  d({ type: 'continue' });
  d({ type: 'confirmationChanged', confirmation: password });
  d({ type: 'continue' });
  d({ type: 'acknowledge', checked: true });
}

describe('wallet flow: creation screen path (SPEC §4 "Embedded wallet creation", automatic)', () => {
  it('selection → password create → set after 250 ms → done, and closes itself after 1.4 s', async () => {
    const { clock, calls, finished, dispatch, state } = setup();
    dispatch({ type: 'startCreate', appName: 'Wallet Co', options: [] });
    expect(state().screen).toBe(S.recoverySelection);
    // An app listing none gets the password alone: a cloud backup shows only when the app enables it.
    expect(state().options).toEqual([{ method: 'user-passcode' }]);
    // Automatic: not closable; a cloud option cannot be chosen by a stray event either.
    expect(isClosable(state())).toBe(false);
    dispatch({ type: 'close' });
    dispatch({ type: 'chooseOption', method: 'google-drive' });
    expect(state().screen).toBe(S.recoverySelection);
    dispatch({ type: 'showBackupIntro' });
    expect(state().screen).toBe(S.backupIntro);
    dispatch({ type: 'selectBackupMethod' });
    dispatch({ type: 'chooseOption', method: 'user-passcode' });
    expect(state().screen).toBe(S.passwordCreate);
    // Came from selection: back from creating returns there.
    dispatch({ type: 'back' });
    expect(state().screen).toBe(S.recoverySelection);
    dispatch({ type: 'chooseOption', method: 'user-passcode' });
    throughFinalize(dispatch, 'Secret-123');
    await clock.flush();
    // Every class (complexity 1) and a top generic estimate: Strong.
    expect(state().password.strength).toEqual({ score: 1, label: 'Strong' });
    dispatch({ type: 'submit' });
    await clock.advance(249);
    expect(calls).toEqual([]);
    await clock.advance(1);
    expect(calls).toEqual(['submit:create:Secret-123']);
    expect(state().password).toMatchObject({ step: 'done', result: { ok: true } });
    await clock.advance(1399);
    expect(finished).toEqual([]);
    await clock.advance(1);
    expect(finished).toEqual(['create:done']);
    expect(state().screen).toBeNull();
  });

  it('goes straight to the password when it is the only option; a failure can be retried or left', async () => {
    let fail = true;
    const { clock, finished, dispatch, state } = setup({
      submitPassword: async () => {
        if (fail) throw new Error('frame said no');
      },
    });
    dispatch({ type: 'startCreate', appName: 'Wallet Co', options: ['user-passcode'] });
    expect(state().screen).toBe(S.passwordCreate);
    dispatch({ type: 'back' });
    expect(state().screen).toBe(S.passwordCreate);
    throughFinalize(dispatch, 'Secret-123');
    dispatch({ type: 'submit' });
    await clock.advance(250);
    expect(state().password.result).toEqual({ ok: false, error: 'create_wallet_failed' });
    expect(isClosable(state())).toBe(true);
    dispatch({ type: 'retry' });
    fail = false;
    dispatch({ type: 'submit' });
    await clock.advance(250);
    expect(state().password.result).toEqual({ ok: true });
    await clock.advance(1400);
    expect(finished).toEqual(['create:done']);
  });
});

describe('wallet flow: setting a password (user-initiated)', () => {
  it('connecting → splash → update, closable; Copy, Download named after the app; closes on the user', async () => {
    const { clock, calls, finished, dispatch, state } = setup();
    dispatch({ type: 'startSetPassword', appName: 'Wallet Co', hasPassword: false, connected: false });
    expect(state().screen).toBe(S.connecting);
    await clock.flush();
    expect(state().screen).toBe(S.passwordUpdateSplash);
    dispatch({ type: 'addPassword' });
    expect(state().screen).toBe(S.passwordUpdate);
    expect(state().password.reset).toBe(false);
    dispatch({ type: 'passwordChanged', password: 'Secret-123' });
    dispatch({ type: 'continue' });
    dispatch({ type: 'copy' });
    expect(state().password.copied).toBe(true);
    await clock.advance(1500);
    expect(state().password.copied).toBe(false);
    dispatch({ type: 'download' });
    expect(calls).toEqual(['connect', 'copy:Secret-123', 'download:wallet-co-latch-wallet-recovery.txt:Secret-123']);
    dispatch({ type: 'continue' });
    dispatch({ type: 'confirmationChanged', confirmation: 'Secret-123' });
    dispatch({ type: 'continue' });
    dispatch({ type: 'acknowledge', checked: true });
    dispatch({ type: 'submit' });
    await clock.advance(250);
    expect(state().password.step).toBe('done');
    // User-initiated: no auto-close; the user closes.
    await clock.advance(5000);
    expect(finished).toEqual([]);
    dispatch({ type: 'close' });
    expect(finished).toEqual(['set-password:done']);
  });

  it("says 'Reset your password' for a wallet with one, and cancelling reports the exit", async () => {
    const { finished, dispatch, state } = setup();
    dispatch({ type: 'startSetPassword', appName: 'A', hasPassword: true, connected: true });
    expect(state().screen).toBe(S.passwordUpdate);
    expect(state().password.reset).toBe(true);
    dispatch({ type: 'close' });
    expect(finished).toEqual(['set-password:exited']);
  });

  it('recovers first when this device has no share of a password wallet, then continues', async () => {
    const { clock, calls, dispatch, state } = setup({ connect: async () => 'password-required' });
    dispatch({ type: 'startSetPassword', appName: 'A', hasPassword: true, connected: false });
    await clock.flush();
    expect(state().screen).toBe(S.passwordRecovery);
    dispatch({ type: 'recoveryPasswordChanged', password: 'Right-123' });
    dispatch({ type: 'submitRecovery' });
    await clock.flush();
    expect(calls).toEqual(['recover:Right-123']);
    expect(state().screen).toBe(S.passwordUpdate);
  });

  it('a failed connect shows the error and can be left', async () => {
    const { clock, finished, dispatch, state } = setup({
      connect: async () => {
        throw new Error('no frame');
      },
    });
    dispatch({ type: 'startSetPassword', appName: 'A', hasPassword: false, connected: false });
    await clock.flush();
    expect(state().connectError).toBe('wallet_error');
    dispatch({ type: 'close' });
    expect(finished).toEqual(['set-password:failed']);
  });
});

describe('wallet flow: password recovery on a new device (SPEC §4 "Wallet connecting and recovery")', () => {
  it('needs a password to submit; a wrong one says so; the right one finishes', async () => {
    const { clock, calls, finished, dispatch, state } = setup();
    dispatch({ type: 'startRecover', appName: 'A' });
    expect(state().screen).toBe(S.passwordRecovery);
    dispatch({ type: 'submitRecovery' });
    expect(calls).toEqual([]);
    dispatch({ type: 'recoveryPasswordChanged', password: 'Wrong-123' });
    dispatch({ type: 'submitRecovery' });
    expect(state().recovery.recovering).toBe(true);
    await clock.flush();
    expect(state().recovery).toMatchObject({
      recovering: false,
      error: 'invalid_recovery_pin',
    });
    // Typing again clears the message.
    dispatch({ type: 'recoveryPasswordChanged', password: 'Right-123' });
    expect(state().recovery.error).toBeNull();
    dispatch({ type: 'submitRecovery' });
    await clock.flush();
    expect(finished).toEqual(['recover:done']);
    expect(calls).toEqual(['recover:Wrong-123', 'recover:Right-123']);
  });

  it("past the attempt limit says 'Too many requests…'; other failures the generic text; closable", async () => {
    let error: unknown = new EmbeddedWalletError(
      'internal_error',
      'An error has occurred, please try again.',
      'error',
      true,
    );
    const { clock, finished, dispatch, state } = setup({
      recover: async () => {
        throw error;
      },
    });
    dispatch({ type: 'startRecover', appName: 'A' });
    dispatch({ type: 'recoveryPasswordChanged', password: 'Any-123' });
    dispatch({ type: 'submitRecovery' });
    await clock.flush();
    expect(state().recovery.error).toBe('too_many_requests');
    error = new Error('boom');
    dispatch({ type: 'submitRecovery' });
    await clock.flush();
    expect(state().recovery.error).toBe('wallet_error');
    expect(isClosable(state())).toBe(true);
    dispatch({ type: 'close' });
    expect(finished).toEqual(['recover:exited']);
  });

  it('does not start a second flow over an open one', () => {
    const { dispatch, state } = setup();
    dispatch({ type: 'startRecover', appName: 'A' });
    dispatch({ type: 'startSetPassword', appName: 'A', hasPassword: false, connected: true });
    expect(state().purpose).toBe('recover');
  });
});

describe('recovery options', () => {
  it("lists the app's options in SPEC's order; none listed is the password alone", () => {
    expect(recoveryOptions(['user-passcode', 'icloud', 'google-drive'])).toEqual([
      { method: 'google-drive' },
      { method: 'icloud' },
      { method: 'user-passcode' },
    ]);
    expect(recoveryOptions([])).toEqual([{ method: 'user-passcode' }]);
  });

  it('leaves the password out while recovery uses a cloud provider (SPEC §5)', () => {
    expect(recoveryOptions(['google-drive', 'user-passcode'], 'icloud')).toEqual([{ method: 'google-drive' }]);
    expect(recoveryOptions(['google-drive', 'user-passcode'], 'user-passcode')).toEqual([
      { method: 'google-drive' },
      { method: 'user-passcode' },
    ]);
  });
});
