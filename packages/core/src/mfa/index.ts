// `@latch/core/mfa`: the MFA prompt and enrolment flows (pure state machines and their helpers), kept
// out of the page's initial JavaScript: import them only from lazily loaded screens.
export {
  canCreateMfaPasskey,
  MFA_PASSKEY_LIST,
  mfaEnrollmentOptions,
  mfaEnrollmentTransition,
  visibleMfaPasskeys,
} from './mfaEnrollmentFlow.js';
export {
  initialMfaEnrollment,
  type MfaEnrollmentEffect,
  type MfaEnrollmentEvent,
  type MfaEnrollmentOption,
  type MfaEnrollmentPending,
  type MfaEnrollmentState,
  type MfaEnrollmentStep,
  type MfaEnrollmentTransition,
  type MfaPasskey,
} from './mfaEnrollmentState.js';
export {
  isBlockingMfaError,
  MFA_CANCELED_MESSAGE,
  type MfaCodeErrorCode,
  type MfaErrorCode,
  mfaCodeError,
  toMfaErrorCode,
} from './mfaErrors.js';
export {
  type MfaPromptEffect,
  type MfaPromptEvent,
  type MfaPromptState,
  type MfaPromptStatus,
  type MfaPromptTransition,
  mfaPromptTransition,
  openMfaPrompt,
} from './mfaPromptFlow.js';
export type { MfaRequest } from './mfaRequest.js';
