// Step-up (identity's; not in SPEC §7): a fresh proof of a factor before a sensitive action. Server:
// identity/stepUp/. A file of its own so the lazily loaded step-up code alone carries it.

/** The server's step-up paths (all with the bearer token). */
export const STEP_UP_API = {
  /** GET /api/v1/step_up/factors (bearer) → `StepUpFactorsResponse` */
  factors: '/api/v1/step_up/factors',
  /** POST /api/v1/step_up/init (bearer) `StepUpInitRequest` → `StepUpInitResponse` */
  init: '/api/v1/step_up/init',
  /** POST /api/v1/step_up/verify (bearer) `StepUpVerifyRequest` → `StepUpVerifyResponse` */
  verify: '/api/v1/step_up/verify',
} as const;
