import {
  LatchError,
  type StepUpAction,
  type StepUpFactorRef,
  type StepUpInitRequest,
  type StepUpInitResponse,
  type StepUpVerifyRequest,
  type WirePasskeyAssertion,
  type WirePasskeyRequestOptions,
  type WireStepUpFactor,
} from '@latch/protocol';
import type { FlowClock } from '../machine/flowClock.js';
import { createMachineCore, type MachineRunner, runnerOf } from '../machine/machineCore.js';
import { type StepUpEffect, type StepUpEvent, type StepUpState, stepUpTransition } from './stepUpFlow.js';
import type { StepUpOAuthStart } from './stepUpOAuth.js';

/** What the step-up's effects call: the server, the ceremonies and the waiting action. */
interface StepUpDeps {
  listFactors(): Promise<WireStepUpFactor[]>;
  init(request: StepUpInitRequest): Promise<StepUpInitResponse>;
  verify(request: StepUpVerifyRequest): Promise<unknown>;
  /** The WebAuthn assertion over the server's options (the passkey ceremony). */
  passkeyAssertion(options: WirePasskeyRequestOptions): Promise<WirePasskeyAssertion>;
  /** personal_sign of `message` by the linked external wallet `address`. */
  signMessage(address: string, message: string): Promise<string>;
  /** The OAuth popup round trip; `start` is the step-up init that returns the provider's URL. */
  oauth(
    start: (oauth: StepUpOAuthStart) => Promise<string>,
  ): Promise<Pick<StepUpVerifyRequest, 'authorization_code' | 'state_code' | 'code_verifier'>>;
  resolve(id: number): void;
  reject(id: number): void;
}

// Only a LatchError's code (the flow shows anything else as internal_error): MFA's errorCode (mfaErrors.ts),
// whose `failed` helper this one resembles, also takes a WebAuthn error's name for a code.
const errorCode = (error: unknown): string | undefined => (error instanceof LatchError ? error.code : undefined);

const unexpected = (response: StepUpInitResponse, factor: StepUpFactorRef) =>
  new LatchError('internal_error', `The server started a ${response.type} step-up for a ${factor.type} factor.`);

/** A passkey, wallet or OAuth proof: init, the ceremony, then verify. */
async function prove(deps: StepUpDeps, action: StepUpAction, factor: WireStepUpFactor): Promise<unknown> {
  const ref: StepUpFactorRef = { type: factor.type, id: factor.id };
  if (factor.type === 'oauth') {
    const returned = await deps.oauth(async (oauth) => {
      const started = await deps.init({ action, factor: ref, ...oauth });
      if (started.type !== 'oauth') throw unexpected(started, ref);
      return started.url;
    });
    return deps.verify({ action, factor: ref, ...returned });
  }
  const started = await deps.init({ action, factor: ref });
  if (started.type === 'passkey') {
    return deps.verify({ action, factor: ref, credential: await deps.passkeyAssertion(started.options) });
  }
  if (started.type === 'wallet') {
    const signature = await deps.signMessage(factor.id, started.message);
    return deps.verify({ action, factor: ref, message: started.message, signature });
  }
  throw unexpected(started, ref);
}

/** Runs the pure step-up flow (stepUpFlow.ts) for the widget's step-up screen. */
export function createStepUpRunner(clock: FlowClock, deps: StepUpDeps): MachineRunner<StepUpState | null, StepUpEvent> {
  const machine = createMachineCore<StepUpState | null, StepUpEvent, StepUpEffect>({
    initial: null,
    transition: stepUpTransition,
    clock,
    run(effect) {
      const failed = (id: number) => (error: unknown) => ({
        type: 'verifyFailed' as const,
        id,
        code: errorCode(error),
      });
      switch (effect.type) {
        case 'listFactors':
          return machine.settle(
            deps.listFactors(),
            (factors) => ({ type: 'factorsLoaded', id: effect.id, factors }),
            (error) => ({ type: 'factorsFailed', id: effect.id, code: errorCode(error) }),
          );
        case 'sendCode': {
          const factor = { type: effect.factor.type, id: effect.factor.id };
          return machine.settle(
            deps.init({ action: effect.action, factor }),
            (started) => ({
              type: 'codeSent',
              id: effect.id,
              destination: 'destination' in started ? started.destination : '',
            }),
            (error) => ({ type: 'sendFailed', id: effect.id, code: errorCode(error) }),
          );
        }
        case 'verifyCode': {
          const factor = { type: effect.factor.type, id: effect.factor.id };
          return machine.settle(
            deps.verify({ action: effect.action, factor, code: effect.code }),
            () => ({ type: 'verified', id: effect.id }),
            failed(effect.id),
          );
        }
        case 'prove':
          return machine.settle(
            prove(deps, effect.action, effect.factor),
            () => ({ type: 'verified', id: effect.id }),
            failed(effect.id),
          );
        case 'resolve':
          return deps.resolve(effect.id);
        case 'reject':
          return deps.reject(effect.id);
        case 'after':
          return machine.after(effect.ms, effect.event);
        case 'cancelTimers':
          return machine.cancelTimers();
      }
    },
  });
  return runnerOf(machine, () => machine.dispatch({ type: 'reset' }));
}
