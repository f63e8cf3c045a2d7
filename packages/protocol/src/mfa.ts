import { LIMIT, TIMEOUT } from './constants.js';
import type { WireEmbeddedWallet } from './walletApi.js';

/**
 * Multi-factor authentication (SPEC §1, §3, §4, §7): the methods, the actions an MFA verification
 * protects, the server paths and the limits. docs/mfa.md explains the model.
 */

/** The MFA methods (SPEC §3 `mfaMethods`). */
export const MFA_METHODS = ['totp', 'sms', 'passkey'] as const;
/** An MFA method. */
export type MfaMethod = (typeof MFA_METHODS)[number];
/** What a verification may use: an enrolled method, or one of the user's recovery codes (MFA-06). */
export type MfaVerifyMethod = MfaMethod | 'recovery_code';

/**
 * What a verification is for. A verification is single-use and bound to the user, the session, the
 * device (the frame's device key) and one action; the server and the frame refuse the action without it.
 * - `export`: the key export (`…/export/init`);
 * - `recovery`: a new-device recovery (`…/recovery`, the recovery material release);
 * - `set_password`: setting or changing the recovery password (`…/recovery/replace`);
 * - `sign`: personal_sign / eth_signTypedData_v4 in the frame (only when the app sets `mfa_protects_signing`);
 * - `send`: eth_signTransaction in the frame (only when the app sets `mfa_protects_signing`);
 * - `manage_mfa`: enrolling a further method or removing one (SPEC §6: needs prior verification when
 *   methods exist).
 */
export const MFA_ACTIONS = ['export', 'recovery', 'set_password', 'sign', 'send', 'manage_mfa'] as const;
/** An action an MFA verification is bound to. */
export type MfaAction = (typeof MFA_ACTIONS)[number];

/** MFA limits and lifetimes (SPEC §9 where it gives them; docs/mfa.md for ours). */
export const MFA_LIMIT = {
  /** Wrong codes in a row before the user is locked out for `lockMs` (SPEC §9: 4 attempts). */
  attemptsBeforeLock: LIMIT.mfaAttempts,
  /** The lock after `attemptsBeforeLock` wrong codes (SPEC §8's max-attempts text says 10 seconds). */
  lockMs: 10_000,
  /** Wrong codes per user per clock hour, across locks (a 6-digit code must not be guessable by waiting). */
  failuresPerHour: 12,
  /** An SMS MFA code's lifetime (SPEC §9 MFA code wait). */
  smsCodeTtlMs: TIMEOUT.mfaCodeWait,
  /** A verification's lifetime before its action must use it. */
  verificationTtlMs: 5 * 60 * 1000,
  /** A pending TOTP enrolment's lifetime (the secret shown, not yet confirmed with a code). */
  totpEnrollmentTtlMs: 10 * 60 * 1000,
  /** RFC 6238 parameters: SHA-1, 6 digits, 30 s, one step of drift either way. */
  totpPeriodSeconds: 30,
  totpDigits: 6,
  totpWindow: 1,
  /** A passkey challenge's lifetime (login, link, sign-up and MFA). */
  passkeyChallengeTtlMs: 5 * 60 * 1000,
  /** Recovery codes generated at the first enrolment and at each regeneration (MFA-06). */
  recoveryCodes: 10,
  /** Characters of a recovery code (base32 without look-alikes: 80 random bits), shown in groups of 4. */
  recoveryCodeLength: 16,
} as const;

/** The characters of recovery codes: Crockford's base32 (no i, l, o, u), lowercase. */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A recovery code as typed, reduced to its characters: case, spaces and dashes do not matter; o reads as 0, i and l as 1. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

/** POST MFA_API.recoveryCodes' answer, and part of the first enrolment's: the codes, shown once. */
export interface WireMfaRecoveryCodes {
  recovery_codes: string[];
}

/** GET MFA_API.recoveryCodes' answer: how many unused codes the user has left. */
export interface WireMfaRecoveryCodesLeft {
  remaining: number;
}

/** An enrolment's answer: the state, and the recovery codes when it was the user's first method. */
export type WireMfaEnrollment = WireMfaState & Partial<WireMfaRecoveryCodes>;

/** SPEC §3 "TOTP enrollment info", on the wire. */
export interface WireTotpEnrollmentInfo {
  /** The otpauth:// URL the QR code encodes. */
  auth_url: string;
  /** The base32 secret, shown for manual entry. */
  secret: string;
}

/**
 * The user's MFA state as the frame needs it: the enrolled methods and the actions that need a
 * verification right now (empty for a user without MFA, unless the app requires MFA).
 */
export interface WireMfaState {
  mfa_methods: MfaMethod[];
  required_actions: MfaAction[];
}

/** GET WALLET_API.wallet's answer: the user's wallet (null: none yet) and their MFA state. */
export interface WireWalletWithMfa {
  wallet: WireEmbeddedWallet | null;
  mfa: WireMfaState;
}

/** The frame's reply to `latch:mfa:init-enrollment` (camelCase, SPEC §3). */
export interface TotpEnrollmentInfo {
  authUrl: string;
  secret: string;
}

/** The frame's reply to `latch:mfa:verify`, `submit-enrollment` and `unenroll`. */
export interface MfaState {
  mfaMethods: MfaMethod[];
  requiredActions: MfaAction[];
  /** After the first enrolment only: the recovery codes, to show once (MFA-06). */
  recoveryCodes?: string[];
}

/** Maps the wire state to the camelCase one. */
export function toMfaState(wire: WireMfaEnrollment): MfaState {
  const state: MfaState = { mfaMethods: wire.mfa_methods, requiredActions: wire.required_actions };
  return wire.recovery_codes ? { ...state, recoveryCodes: wire.recovery_codes } : state;
}
