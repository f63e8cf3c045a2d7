import type { WirePasskeyAssertion, WirePasskeyRequestOptions } from './passkeys.js';

/**
 * Step-up (docs/server.md "Step-up"): adding a login method, changing the login email or phone,
 * unlinking a login method, enrolling or removing an MFA factor and exporting the key each need a proof
 * from a factor the user had **before this session** (created before the session family's login). A
 * recent login alone never suffices. A successful verify leaves a single-use record bound to the app, the
 * user, the session and the action for `STEP_UP_LIMIT.verificationTtlMs`; the gated route takes it.
 *
 * This module holds only values and types (no valibot): the lazily loaded widget code imports its values
 * from `@latch/protocol/stepUp`; the request schemas are in `@latch/protocol/schemas` (stepUpSchemas.ts).
 */

/** What a step-up record is for. */
export const STEP_UP_ACTIONS = ['link', 'update_login', 'unlink', 'manage_mfa', 'export'] as const;
/** An action a step-up record is bound to. */
export type StepUpAction = (typeof STEP_UP_ACTIONS)[number];

/** The factors a user can step up with. */
export const STEP_UP_FACTOR_TYPES = ['email', 'sms', 'passkey', 'wallet', 'oauth', 'totp', 'sms_mfa'] as const;
/** A step-up factor type. */
export type StepUpFactorType = (typeof STEP_UP_FACTOR_TYPES)[number];

/** One factor the user can step up with (only those that existed before this session). */
export interface WireStepUpFactor {
  type: StepUpFactorType;
  /**
   * What identifies it: the email address / phone number / wallet address (as linked), the OAuth provider
   * ('google', …), '' for passkey / totp / sms_mfa. Sent back in init/verify as `factor.id`.
   */
  id: string;
  /** What the widget shows: masked email or phone, shortened address, provider name; '' when none. */
  label: string;
}

export { STEP_UP_API } from './paths/stepUp.js';

/** Step-up lifetimes. */
export const STEP_UP_LIMIT = {
  /** How long a verified step-up waits for its action (single use). */
  verificationTtlMs: 5 * 60_000,
} as const;

/** The factor a step-up request names: its type and `WireStepUpFactor.id`. */
export interface StepUpFactorRef {
  type: StepUpFactorType;
  id: string;
}

/** GET STEP_UP_API.factors. */
export interface StepUpFactorsResponse {
  factors: WireStepUpFactor[];
}

/** POST STEP_UP_API.init. */
export interface StepUpInitRequest {
  action: StepUpAction;
  factor: StepUpFactorRef;
  /** OAuth only: where the provider's callback returns (as OAUTH_API.init's `redirect_to`). */
  redirect_to?: string;
  /** OAuth only: the widget's state code and PKCE challenge, as OAUTH_API.init takes them. */
  state_code?: string;
  code_challenge?: string;
}

/** STEP_UP_API.init's answer, by factor type. */
export type StepUpInitResponse =
  /** A code was sent; `destination` is masked. */
  | { type: 'email' | 'sms' | 'sms_mfa'; destination: string }
  /** The passkey assertion's options, over the user's passkeys from before this session (snake_case wire). */
  | { type: 'passkey'; options: WirePasskeyRequestOptions }
  /** The SIWE message for `factor.id` to sign. */
  | { type: 'wallet'; message: string }
  /** The provider's authorization URL; its callback returns to `redirect_to` with OAUTH_RETURN_PARAM as a login does. */
  | { type: 'oauth'; url: string }
  /** Nothing to send: the user types the authenticator app's code. */
  | { type: 'totp' };

/** POST STEP_UP_API.verify. */
export interface StepUpVerifyRequest {
  action: StepUpAction;
  factor: StepUpFactorRef;
  /** email, sms, sms_mfa, totp. */
  code?: string;
  /** passkey: the assertion (snake_case wire, as PASSKEY_API.authenticate takes it). */
  credential?: WirePasskeyAssertion;
  /** wallet (SIWE): the message init returned and its signature. */
  message?: string;
  signature?: string;
  /** oauth: what the provider's callback returned, and the widget's PKCE verifier. */
  authorization_code?: string;
  state_code?: string;
  code_verifier?: string;
}

/** STEP_UP_API.verify's answer: the record now waiting for `action`, until `expires_at` (ms since epoch). */
export interface StepUpVerifyResponse {
  action: StepUpAction;
  expires_at: number;
}
