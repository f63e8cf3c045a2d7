import type { MfaAction, MfaMethod } from '@latch/protocol';

/**
 * A wallet action waiting for an MFA verification, as the client publishes it (`LatchState.mfaRequest`):
 * the widget's prompt dialog answers it, or with `mfa.noPromptOnMfaRequired` the host's own UI through
 * `useMfa()` (`submit` / `cancel`). The action resumes once verified, or fails with 'MFA canceled'.
 */
export interface MfaRequest {
  /** Tells one request from the next. */
  id: number;
  /** The action the verification is bound to. */
  action: MfaAction;
  /** The user's methods, first one first (the prompt selects it). */
  methods: MfaMethod[];
  /** The user has no method but the app requires MFA: the widget opens enrolment instead of the prompt. */
  needsEnrollment: boolean;
}
