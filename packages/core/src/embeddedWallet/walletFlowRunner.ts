import type { FlowClock } from '../machine/flowClock.js';
import { createMachineCore, type MachineRunner } from '../machine/machineCore.js';
import { cloudFailureOf } from './cloudFailureOf.js';
import type { CloudMethod } from './cloudRecoveryStep.js';
import { EmbeddedWalletError } from './embeddedWalletError.js';
import { generatePassword } from './passwordRules.js';
import {
  initialWalletFlow,
  type WalletFlowEffect,
  type WalletFlowEvent,
  type WalletFlowOutcome,
  type WalletFlowPurpose,
  type WalletFlowState,
  walletFlowTransition,
} from './walletFlow.js';

/** What the wallet flow's effects call: the wallet, the strength estimate, the clipboard and a file download. */
export interface WalletFlowActions {
  /** Unlocks the wallet on this device; 'password-required' on a new device of a password wallet. */
  connect(): Promise<'connected' | 'password-required'>;
  /** Recovers the wallet on this device with the password. */
  recover(password: string): Promise<void>;
  /**
   * The cloud round trip (the provider's window, then the frame): creates the wallet backed up to `method`, switches
   * the wallet's recovery to it, or recovers the wallet on this device from it. Rejects with the reason (cloudFailureOf).
   */
  cloud(method: CloudMethod, mode: 'create' | 'replace' | 'recover'): Promise<void>;
  /** Creates the wallet with this password ('create') or sets it on the user's wallet ('update'). */
  submitPassword(purpose: 'create' | 'update', password: string): Promise<void>;
  /** zxcvbn's generic estimate, 0..1 (score / 4). */
  estimateStrength(password: string): Promise<number>;
  /** Uniform random bytes (crypto.getRandomValues). */
  randomBytes(length: number): Uint8Array;
  copy(text: string): Promise<void>;
  download(fileName: string, text: string): void;
  /** The flow ended: the dialog is gone; the starter settles its promise. */
  finish(purpose: WalletFlowPurpose, outcome: WalletFlowOutcome): void;
}

/** The running wallet password/recovery flow. */
export type WalletFlowRunner = MachineRunner<WalletFlowState, WalletFlowEvent>;

/** Why a recovery failed, read from the frame's error (SPEC §8: wrong password, 'code 429', other). */
export function recoverFailureReason(error: unknown): 'wrong-password' | 'rate-limited' | 'other' {
  if (!(error instanceof EmbeddedWalletError)) return 'other';
  if (error.rateLimited) return 'rate-limited';
  return error.code === 'invalid_recovery_pin' ? 'wrong-password' : 'other';
}

const rateLimited = (error: unknown) => error instanceof EmbeddedWalletError && error.rateLimited;

/** Runs the pure wallet flow: effects become calls on `actions`, outcomes come back as events. */
export function createWalletFlowRunner(options: { actions: WalletFlowActions; clock: FlowClock }): WalletFlowRunner {
  const { actions } = options;
  let destroyed = false;
  const machine = createMachineCore<WalletFlowState, WalletFlowEvent, WalletFlowEffect>({
    initial: initialWalletFlow(),
    transition: walletFlowTransition,
    clock: options.clock,
    run(effect) {
      if (destroyed) return;
      switch (effect.type) {
        case 'after':
          return machine.after(effect.ms, effect.event);
        case 'cancelTimers':
          return machine.cancelTimers();
        case 'connect':
          return machine.settle(
            actions.connect(),
            (result) => (result === 'connected' ? { type: 'connected' } : { type: 'passwordRequired' }),
            () => ({ type: 'connectFailed' }),
          );
        case 'recover':
          return machine.settle(
            actions.recover(effect.password),
            () => ({ type: 'recovered' }),
            (error) => ({ type: 'recoverFailed', reason: recoverFailureReason(error) }),
          );
        case 'cloud':
          return machine.settle(
            actions.cloud(effect.method, effect.mode),
            () => ({ type: 'cloudDone' }),
            (error) => ({ type: 'cloudFailed', failure: cloudFailureOf(error) }),
          );
        case 'submitPassword':
          return machine.settle(
            actions.submitPassword(effect.purpose, effect.password),
            () => ({ type: 'submitted' }),
            (error) => ({ type: 'submitFailed', rateLimited: rateLimited(error) }),
          );
        case 'estimateStrength':
          // No estimate (the library failed to load) leaves the complexity-only score on screen.
          actions.estimateStrength(effect.password).then(
            (estimate) => machine.dispatch({ type: 'strengthEstimated', password: effect.password, estimate }),
            () => undefined,
          );
          return;
        case 'generatePassword':
          return machine.dispatch({ type: 'passwordGenerated', password: generatePassword(actions.randomBytes) });
        case 'copy':
          actions.copy(effect.text).catch(() => undefined);
          return;
        case 'download':
          return actions.download(effect.fileName, effect.text);
        case 'finish':
          return actions.finish(effect.purpose, effect.outcome);
      }
    },
  });
  return {
    getState: machine.getState,
    subscribe: machine.subscribe,
    dispatch: (event) => {
      if (!destroyed) machine.dispatch(event);
    },
    destroy() {
      destroyed = true;
      machine.cancelTimers();
    },
  };
}
