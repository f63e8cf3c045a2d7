import { WalletProviderError } from '../externalWallets/eip1193.js';
import type { FlowClock } from '../machine/flowClock.js';
import { createMachineCore, type MachineRunner, runnerOf } from '../machine/machineCore.js';
import { pendingCallers } from '../machine/pendingCallers.js';
import {
  type SignRequest,
  type SignRequestEffect,
  type SignRequestEvent,
  type SignRequestKind,
  type SignUiOptions,
  signRequestTransition,
} from './signRequestFlow.js';

/** SPEC §8: a signature the user declined (EIP-1193 code 4001). */
export const USER_REJECTED_TEXT = 'The user rejected the request.';

/** The running sign request: the screen's state and events, and `request` for the provider. */
export interface SignRequestRunner extends MachineRunner<SignRequest | null, SignRequestEvent> {
  /**
   * Shows the request (with the host's texts for it) and resolves with `sign()`'s result once the user approves
   * (rejects when declined).
   */
  request<T>(kind: SignRequestKind, payload: unknown, sign: () => Promise<T>, uiOptions?: SignUiOptions): Promise<T>;
}

interface Caller {
  sign(): Promise<unknown>;
  resolve(signature: unknown): void;
  reject(error: unknown): void;
}

/** Runs the pure sign request: keeps each caller's promise and runs the signing when approved. */
export function createSignRequestRunner(clock: FlowClock): SignRequestRunner {
  const callers = pendingCallers<Caller>();
  const machine = createMachineCore<SignRequest | null, SignRequestEvent, SignRequestEffect>({
    initial: null,
    transition: signRequestTransition,
    clock,
    run(effect) {
      switch (effect.type) {
        case 'sign': {
          const caller = callers.get(effect.id);
          if (!caller) return;
          return machine.settle(
            caller.sign(),
            (signature) => ({ type: 'signed', id: effect.id, signature }),
            (error) => ({ type: 'signFailed', id: effect.id, error }),
          );
        }
        case 'resolve':
          return callers.settle(effect.id, (caller) => caller.resolve(effect.signature));
        case 'reject':
          return callers.settle(effect.id, (caller) =>
            caller.reject(effect.error ?? new WalletProviderError(4001, USER_REJECTED_TEXT)),
          );
        case 'after':
          return machine.after(effect.ms, effect.event);
        case 'cancelTimers':
          return machine.cancelTimers();
      }
    },
  });
  return {
    ...runnerOf(machine, () => machine.dispatch({ type: 'reset' })),
    request<T>(kind: SignRequestKind, payload: unknown, sign: () => Promise<T>, uiOptions?: SignUiOptions) {
      return new Promise<T>((resolve, reject) => {
        const id = callers.add({ sign, resolve: resolve as (signature: unknown) => void, reject });
        machine.dispatch({ type: 'request', id, kind, payload, uiOptions });
      });
    },
  };
}
