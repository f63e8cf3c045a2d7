// `@latch/core/stepUp`: the step-up calls, flow and runtime (docs/client.md "Step-up"), kept out of the
// page's initial JavaScript: import them only from lazily loaded code.

export { stepUpActionOf } from './stepUpActionOf.js';
export { type StepUpActions, type StepUpClient, stepUpActions } from './stepUpActions.js';
export {
  isCodeFactor,
  openStepUp,
  type StepUpEffect,
  type StepUpEvent,
  type StepUpState,
  type StepUpStatus,
  type StepUpTransition,
  stepUpTransition,
} from './stepUpFlow.js';
export { createStepUpRuntime, type StepUpRuntime } from './stepUpRuntime.js';
