import type { MfaVerifyMethod, WirePasskeyAssertion } from '@latch/protocol';
import type { FlowClock } from '../machine/flowClock.js';
import { createMachineCore, type MachineRunner, runnerOf } from '../machine/machineCore.js';
import { errorCode, type MfaErrorCode } from './mfaErrors.js';
import {
  type MfaPromptEffect,
  type MfaPromptEvent,
  type MfaPromptState,
  mfaPromptTransition,
} from './mfaPromptFlow.js';

/** What the prompt's effects call: the host page's MFA calls, the frame's verify, and the waiting request. */
interface MfaPromptDeps {
  /** `MFA_API.smsInit {action:'verify'}`. */
  sendSmsCode(): Promise<void>;
  /** The passkey dialog over the server's MFA challenge. */
  passkeyAssertion(): Promise<WirePasskeyAssertion>;
  /** `latch:mfa:verify` for request `id`; resolves the waiting action when it passes. */
  verify(id: number, method: MfaVerifyMethod, proof: string | WirePasskeyAssertion): Promise<void>;
  /** The prompt closed without a verification: the waiting request fails with `error`. */
  reject(id: number, error: MfaErrorCode): void;
}

/** Runs the pure MFA prompt (mfaPromptFlow.ts) for the widget's 'Verify your identity' dialog. */
export function createMfaPromptRunner(
  clock: FlowClock,
  deps: MfaPromptDeps,
): MachineRunner<MfaPromptState | null, MfaPromptEvent> {
  const machine = createMachineCore<MfaPromptState | null, MfaPromptEvent, MfaPromptEffect>({
    initial: null,
    transition: mfaPromptTransition,
    clock,
    run(effect) {
      const failed = (id: number) => (error: unknown) => ({
        type: 'verifyFailed' as const,
        id,
        code: errorCode(error),
      });
      switch (effect.type) {
        case 'sendSmsCode':
          return machine.settle(
            deps.sendSmsCode(),
            () => ({ type: 'codeSent', id: effect.id }),
            (error) => ({ type: 'sendFailed', id: effect.id, code: errorCode(error) }),
          );
        case 'verifyCode':
          return machine.settle(
            deps.verify(effect.id, effect.method, effect.code),
            () => ({ type: 'verified', id: effect.id }),
            failed(effect.id),
          );
        case 'verifyPasskey':
          return machine.settle(
            deps.passkeyAssertion().then((assertion) => deps.verify(effect.id, 'passkey', assertion)),
            () => ({ type: 'verified', id: effect.id }),
            failed(effect.id),
          );
        case 'resolve':
          // The verify call already let the waiting action go on.
          return;
        case 'reject':
          return deps.reject(effect.id, effect.error);
        case 'after':
          return machine.after(effect.ms, effect.event, effect.timeout);
        case 'cancelTimers':
          return machine.cancelTimers();
      }
    },
  });
  return runnerOf(machine, () => machine.dispatch({ type: 'reset' }));
}
