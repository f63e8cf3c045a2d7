// Passwordless email and SMS (SPEC §7 "Authentication service": Passwordless email, Passwordless SMS;
// "Unlink"). Server: modules/passwordless/.

/** The server's one-time-code login paths, email and SMS. */
export const PASSWORDLESS_API = {
  /** POST Passwordless email init (email, captcha token). */
  emailInit: '/api/v1/passwordless/init',
  /** POST Passwordless email authenticate (email, code). */
  emailAuthenticate: '/api/v1/passwordless/authenticate',
  /** POST Passwordless email link (email, code). */
  emailLink: '/api/v1/passwordless/link',
  /** POST /api/v1/passwordless/unlink (address), SPEC §7 "Unlink". */
  emailUnlink: '/api/v1/passwordless/unlink',
  /** POST Passwordless email update (old address, new address, code). */
  emailUpdate: '/api/v1/passwordless/update',
  /** POST Passwordless SMS init (phone number). */
  smsInit: '/api/v1/passwordless_sms/init',
  /** POST Passwordless SMS authenticate (phone number, code). */
  smsAuthenticate: '/api/v1/passwordless_sms/authenticate',
  /** POST Passwordless SMS link (phone number, code). */
  smsLink: '/api/v1/passwordless_sms/link',
  /** POST /api/v1/passwordless_sms/unlink (phoneNumber), SPEC §7 "Unlink". */
  smsUnlink: '/api/v1/passwordless_sms/unlink',
} as const;
