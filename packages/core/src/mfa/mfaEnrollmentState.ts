import type { MfaMethod, TotpEnrollmentInfo } from '@latch/protocol';
import type { MfaCodeErrorCode, MfaErrorCode } from './mfaErrors.js';

/**
 * SPEC §2 MFA_ENROLLMENT_FLOW_SCREEN / §3 "MFA enrolment": `intro` ('Transaction Protection'),
 * `select` (the methods), one step per method, `confirmRemove`, `done` ('… verification added' or
 * removed), and `noMethods` ('Add more security' with Close) when the app offers no method. After a
 * first enrolment, `recoveryCodes` shows the recovery codes once (MFA-06) before `done`.
 */
export type MfaEnrollmentStep =
  | 'intro'
  | 'recoveryCodes'
  | 'select'
  | 'totp'
  | 'sms'
  | 'passkey'
  | 'confirmRemove'
  | 'done'
  | 'noMethods';

/** One of the user's passkeys as the passkey step lists it. */
export interface MfaPasskey {
  credentialId: string;
  /** SPEC §4 display name ('authenticator on browser', else 'browser on OS', else 'Unknown device'). */
  displayName: string;
  enrolledInMfa: boolean;
}

/** A row of the method choice. */
export interface MfaEnrollmentOption {
  method: MfaMethod;
  /** SPEC §2: the authenticator app is 'Recommended'. */
  recommended: boolean;
  /** 'Added', with a remove button. */
  added: boolean;
  /** SPEC §2: SMS is 'Disabled' when the user logs in by SMS. */
  disabled: boolean;
}

/** What runs once the `manage_mfa` verification is in (SPEC §5: needed when methods exist). */
export type MfaEnrollmentPending =
  | { op: 'add'; method: MfaMethod }
  | { op: 'remove'; method: MfaMethod }
  | { op: 'submit' };

/** The enrolment flow's state. */
export interface MfaEnrollmentState {
  step: MfaEnrollmentStep;
  /** The app's methods (`config.mfa.methods`), in SPEC order. */
  appMethods: MfaMethod[];
  /** The user's enrolled methods. */
  enrolled: MfaMethod[];
  /** The user logs in by SMS: SMS cannot be their second factor. */
  smsLogin: boolean;
  passkeys: MfaPasskey[];
  /** The method of the current step (or being removed on `confirmRemove`, or just added / removed on `done`). */
  method: MfaMethod | null;
  /** A `manage_mfa` verification is running (the prompt is up); `pending` runs after it. */
  verifying: boolean;
  pending: MfaEnrollmentPending | null;
  /** The call in flight runs right after a fresh verification (a `missing_or_invalid_mfa` then is the code's). */
  justVerified: boolean;
  /** A call is in flight (init, code send, submit, link, unenroll): buttons disabled. */
  busy: boolean;
  /** The authenticator app's QR / secret once initialised. */
  totp: TotpEnrollmentInfo | null;
  phone: string;
  /** SMS: the code was sent to `phone`; the code entry shows. */
  smsCodeSent: boolean;
  code: string;
  codeError: MfaCodeErrorCode | null;
  error: MfaErrorCode | null;
  /** On `done`: what happened to `method`. */
  result: 'added' | 'removed' | null;
  /** On `recoveryCodes`: the codes the first enrolment brought, shown this once. */
  recoveryCodes: string[] | null;
}

/** What the screens and the runner send to the enrolment flow. */
export type MfaEnrollmentEvent =
  | { type: 'continue' }
  | { type: 'choose'; method: MfaMethod }
  | { type: 'remove'; method: MfaMethod }
  | { type: 'confirmRemove' }
  | { type: 'back' }
  | { type: 'close' }
  | { type: 'verified' }
  | { type: 'verifyFailed'; code?: string }
  | { type: 'totpReady'; info: TotpEnrollmentInfo }
  | { type: 'phoneChanged'; phone: string }
  | { type: 'sendCode' }
  | { type: 'codeSent' }
  | { type: 'codeChanged'; code: string }
  | { type: 'submit' }
  /** Passkey step: create a passkey (C1's linkPasskey) before enabling. */
  | { type: 'createPasskey' }
  | { type: 'passkeysChanged'; passkeys: MfaPasskey[] }
  /** A submit or unenroll succeeded: the user's methods now (and a first enrolment's recovery codes). */
  | { type: 'saved'; methods: MfaMethod[]; recoveryCodes?: string[] }
  /** A call failed: its catalogue code. */
  | { type: 'failed'; code?: string };

/** What the enrolment flow asks its runner to do. */
export type MfaEnrollmentEffect =
  /** Run the MFA prompt for `manage_mfa`; answer `verified` or `verifyFailed`. */
  | { type: 'verify' }
  /** `latch:mfa:init-enrollment` (totp) → `totpReady`. */
  | { type: 'initTotp' }
  /** `MFA_API.smsInit {action:'enroll', phone_number}` → `codeSent`. */
  | { type: 'sendSmsCode'; phone: string }
  /** C1's `linkPasskey()` → `passkeysChanged`. */
  | { type: 'linkPasskey' }
  /** `latch:mfa:submit-enrollment` → `saved` (then the user is refreshed). */
  | { type: 'submit'; method: 'totp'; code: string }
  | { type: 'submit'; method: 'sms'; phone: string; code: string }
  | { type: 'submit'; method: 'passkey'; credentialIds: string[] }
  /** `latch:mfa:unenroll` → `saved`. */
  | { type: 'unenroll'; method: MfaMethod }
  /** The flow is over (Not now, Close, Done). */
  | { type: 'close' };

/** An enrolment transition. */
export interface MfaEnrollmentTransition {
  state: MfaEnrollmentState;
  effects: MfaEnrollmentEffect[];
}

/** What a step starts from: nothing in flight, no secret, phone, code or error. */
export const FRESH_STEP = {
  busy: false,
  totp: null,
  phone: '',
  smsCodeSent: false,
  code: '',
  codeError: null,
  error: null,
} as const;

const SPEC_ORDER: readonly MfaMethod[] = ['totp', 'sms', 'passkey'];

/** A fresh flow: the intro, or 'Add more security' when the app has no method. */
export function initialMfaEnrollment(options: {
  appMethods: MfaMethod[];
  enrolled: MfaMethod[];
  smsLogin: boolean;
  passkeys: MfaPasskey[];
  /** Start on the method choice (the host asked for enrolment directly). */
  skipIntro?: boolean;
}): MfaEnrollmentState {
  const appMethods = SPEC_ORDER.filter((m) => options.appMethods.includes(m));
  const step: MfaEnrollmentStep = appMethods.length === 0 ? 'noMethods' : options.skipIntro ? 'select' : 'intro';
  return {
    step,
    appMethods,
    enrolled: [...options.enrolled],
    smsLogin: options.smsLogin,
    passkeys: options.passkeys,
    method: null,
    verifying: false,
    pending: null,
    justVerified: false,
    ...FRESH_STEP,
    result: null,
    recoveryCodes: null,
  };
}
