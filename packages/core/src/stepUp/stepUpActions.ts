import type {
  StepUpFactorsResponse,
  StepUpInitRequest,
  StepUpInitResponse,
  StepUpVerifyRequest,
  StepUpVerifyResponse,
  WireStepUpFactor,
} from '@latch/protocol';
import { STEP_UP_API } from '@latch/protocol/stepUp';

/** The client the step-up calls need: a signed-in call to the server (LatchClient.authedRequest). */
export interface StepUpClient {
  authedRequest<T>(path: string, body?: unknown): Promise<T>;
}

/** The step-up calls (docs/client.md "Step-up"); each needs a signed-in user. */
export interface StepUpActions {
  /** The factors the user had before this session, in the server's order. */
  listStepUpFactors(): Promise<WireStepUpFactor[]>;
  /** Starts a step-up with one factor: sends its code, or returns the passkey options, the message to sign or the OAuth URL. */
  initStepUp(request: StepUpInitRequest): Promise<StepUpInitResponse>;
  /** Checks the proof; the server then keeps a single-use record for `request.action` (STEP_UP_LIMIT.verificationTtlMs). */
  verifyStepUp(request: StepUpVerifyRequest): Promise<StepUpVerifyResponse>;
}

/** Builds the step-up calls over the client's signed-in transport (lazily loaded: import `@latch/core/stepUp`). */
export function stepUpActions(client: StepUpClient): StepUpActions {
  return {
    listStepUpFactors: async () => (await client.authedRequest<StepUpFactorsResponse>(STEP_UP_API.factors)).factors,
    initStepUp: (request) => client.authedRequest<StepUpInitResponse>(STEP_UP_API.init, request),
    verifyStepUp: (request) => client.authedRequest<StepUpVerifyResponse>(STEP_UP_API.verify, request),
  };
}
