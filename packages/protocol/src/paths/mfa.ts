// MFA (SPEC §7 "MFA"). Server: modules/mfa/.

/**
 * The server's MFA paths. `smsInit` and `passkeysInit` are called by the host page with the bearer token
 * only (they send a code to the user's own MFA phone / return a challenge: nothing is granted by them).
 * Every other path is called **by the wallet frame** with the bearer token AND a device proof (like the
 * custody routes, docs/custody.md), and answers `WireMfaState` (`totpInitEnrollment` answers
 * `WireTotpEnrollmentInfo`).
 */
export const MFA_API = {
  /** POST /api/v1/mfa/passwordless_sms/init with body action=verify (a code to the enrolled MFA phone), or `{ action: 'enroll', phone_number }` → `{}`. */
  smsInit: '/api/v1/mfa/passwordless_sms/init',
  /** POST /api/v1/mfa/passkeys/init with an empty body, returning options (`{ options: WirePasskeyRequestOptions }` over the user's MFA passkeys). */
  passkeysInit: '/api/v1/mfa/passkeys/init',
  /** POST verify an MFA method (frame) `MfaVerifyBody` → `WireMfaState`; records the single-use verification for `action`. */
  verify: '/api/v1/mfa/verify',
  /** POST (frame) `{}` → `WireTotpEnrollmentInfo` (a fresh secret, pending until `totpEnroll`). */
  totpInitEnrollment: '/api/v1/mfa/totp/init_enrollment',
  /** POST enrol totp (frame) `{ mfa_code }` → `WireMfaState`. */
  totpEnroll: '/api/v1/mfa/totp/enroll',
  /** POST enrol sms (frame) `{ phone_number, mfa_code }` → `WireMfaState`. */
  smsEnroll: '/api/v1/mfa/passwordless_sms/enroll',
  /** POST enrol passkey (frame) `{ credential_ids }` (linked passkeys) → `WireMfaState`. */
  passkeysEnroll: '/api/v1/mfa/passkeys/enroll',
  /** POST unenroll a method (frame) `{ method }` → `WireMfaState`. */
  unenroll: '/api/v1/mfa/unenroll',
  /**
   * GET (bearer) → `WireMfaRecoveryCodesLeft`; POST (frame, a `manage_mfa` verification) `{}` →
   * `WireMfaRecoveryCodes`: a fresh set replacing the old one (MFA-06, docs/mfa.md "Recovery codes").
   */
  recoveryCodes: '/api/v1/mfa/recovery_codes',
} as const;
