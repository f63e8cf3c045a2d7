import type { MfaMethod, MfaState, TotpEnrollmentInfo } from '@latch/protocol';
import type { FlowClock } from '../machine/flowClock.js';
import { createMachineCore, type MachineRunner, runnerOf } from '../machine/machineCore.js';
import { mfaEnrollmentTransition } from './mfaEnrollmentFlow.js';
import type { MfaEnrollmentEffect, MfaEnrollmentEvent, MfaEnrollmentState, MfaPasskey } from './mfaEnrollmentState.js';
import { errorCode, MFA_CANCELED_MESSAGE } from './mfaErrors.js';

/** A submit effect of the enrolment flow (one per method). */
export type MfaEnrollmentSubmit = Extract<MfaEnrollmentEffect, { type: 'submit' }>;

/** What the enrolment's effects call. */
interface MfaEnrollmentDeps {
  /** The `manage_mfa` verification (the prompt, or the host's useMfa). */
  verify(): Promise<void>;
  /** `latch:mfa:init-enrollment`. */
  initTotp(): Promise<TotpEnrollmentInfo>;
  /** `MFA_API.smsInit {action:'enroll'}`. */
  sendSmsCode(phone: string): Promise<void>;
  /** Links a new passkey (the passkey login module's linkPasskey); the user's passkeys after it. */
  linkPasskey(): Promise<MfaPasskey[]>;
  /** `latch:mfa:submit-enrollment`, then the user is refreshed; the user's MFA state after it (a first enrolment's recovery codes included). */
  submit(effect: MfaEnrollmentSubmit): Promise<MfaState>;
  /** `latch:mfa:unenroll`, then the user is refreshed. */
  unenroll(method: MfaMethod): Promise<MfaMethod[]>;
  /** The flow ended (Not now, Close, Done). */
  close(): void;
}

/** Runs the pure enrolment flow (mfaEnrollmentFlow.ts) from `initial`, for MFA_ENROLLMENT_FLOW_SCREEN. */
export function createMfaEnrollmentRunner(
  initial: MfaEnrollmentState,
  clock: FlowClock,
  deps: MfaEnrollmentDeps,
): MachineRunner<MfaEnrollmentState, MfaEnrollmentEvent> {
  let closed = false;
  const failed = (error: unknown): MfaEnrollmentEvent => ({ type: 'failed', code: errorCode(error) });
  const saved = (methods: MfaMethod[]): MfaEnrollmentEvent => ({ type: 'saved', methods });
  const machine = createMachineCore<MfaEnrollmentState, MfaEnrollmentEvent, MfaEnrollmentEffect>({
    initial,
    // After close, late answers change nothing.
    transition: (state, event) => (closed ? { state, effects: [] } : mfaEnrollmentTransition(state, event)),
    clock,
    run(effect) {
      switch (effect.type) {
        case 'verify':
          return machine.settle(
            deps.verify(),
            () => ({ type: 'verified' }),
            (error) => ({ type: 'verifyFailed', code: verifyFailureCode(error) }),
          );
        case 'initTotp':
          return machine.settle(deps.initTotp(), (info) => ({ type: 'totpReady', info }), failed);
        case 'sendSmsCode':
          return machine.settle(deps.sendSmsCode(effect.phone), () => ({ type: 'codeSent' }), failed);
        case 'linkPasskey':
          return machine.settle(deps.linkPasskey(), (passkeys) => ({ type: 'passkeysChanged', passkeys }), failed);
        case 'submit':
          return machine.settle(
            deps.submit(effect),
            (state): MfaEnrollmentEvent => ({
              type: 'saved',
              methods: state.mfaMethods,
              recoveryCodes: state.recoveryCodes,
            }),
            failed,
          );
        case 'unenroll':
          return machine.settle(deps.unenroll(effect.method), saved, failed);
        case 'close':
          closed = true;
          return deps.close();
      }
    },
  });
  return runnerOf(machine, () => {
    closed = true;
  });
}

// The user's own cancel reads 'Verification canceled'; anything else keeps its catalogue code.
function verifyFailureCode(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return message === MFA_CANCELED_MESSAGE ? 'mfa_canceled' : code;
}
