import * as v from 'valibot';
import { MFA_ACTIONS, MFA_METHODS } from './mfa.js';

/**
 * Valibot schemas of the MFA and passkey wire (server bodies) and of the `latch:mfa:*` frame messages.
 * Exported through `@latch/protocol/schemas` only (the index stays valibot-free).
 */

/** SPEC §5: an MFA code is exactly 6 numeric digits, with SPEC's two messages (non-digits first). */
export const MfaCode = v.pipe(
  // SPEC §5: a code must be a string. The message is fixed: valibot's default quotes the value received.
  v.string('An SMS or TOTP code must be a string'),
  v.trim(),
  v.regex(/^\d*$/, 'Passcode can only be numbers'),
  v.regex(/^\d{6}$/, 'Passcode must be exactly 6 numbers'),
);

/** The check SPEC §5 gives the code input: the message for a bad code, or null for a good one. */
export function mfaCodeProblem(
  code: string,
): 'Passcode can only be numbers' | 'Passcode must be exactly 6 numbers' | null {
  const trimmed = code.trim();
  if (!/^\d*$/.test(trimmed)) return 'Passcode can only be numbers';
  if (!/^\d{6}$/.test(trimmed)) return 'Passcode must be exactly 6 numbers';
  return null;
}

/** A recovery code as typed (MFA-06): its 16 characters, in any case, with spaces or dashes between. */
const RecoveryCode = v.pipe(
  v.string('A recovery code must be a string'),
  v.trim(),
  v.maxLength(40, 'That is not a recovery code'),
  v.regex(/^[A-Za-z0-9\s-]+$/, 'That is not a recovery code'),
);

const b64url = (max: number) =>
  v.pipe(v.string(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not base64url'));
const phoneNumber = v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(32));
const method = v.picklist(MFA_METHODS);
const action = v.picklist(MFA_ACTIONS);
const accessToken = v.pipe(v.string(), v.minLength(1), v.maxLength(8192));
const extensionResults = v.record(v.string(), v.unknown());
const attachment = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(32))));
const transports = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(8)));

/** SPEC §4 passkey assertion ("enrolment payload"); SPEC §5: a passkey response must not be a string. */
export const WirePasskeyAssertionSchema = v.object({
  id: b64url(1024),
  raw_id: b64url(1024),
  response: v.object({
    client_data_json: b64url(4096),
    authenticator_data: b64url(4096),
    signature: b64url(1024),
    user_handle: v.optional(v.nullable(b64url(256))),
  }),
  authenticator_attachment: attachment,
  client_extension_results: extensionResults,
  type: v.literal('public-key'),
});

/** A new passkey (attestation response). */
export const WirePasskeyRegistrationSchema = v.object({
  id: b64url(1024),
  raw_id: b64url(1024),
  response: v.object({
    client_data_json: b64url(4096),
    attestation_object: b64url(16384),
    authenticator_data: v.optional(b64url(8192)),
    transports,
    public_key_algorithm: v.optional(v.number()),
    public_key: v.optional(b64url(2048)),
  }),
  authenticator_attachment: attachment,
  client_extension_results: extensionResults,
  type: v.literal('public-key'),
});

/** POST PASSKEY_API.register and .link. */
export const PasskeyRegistrationBody = v.object({ credential: WirePasskeyRegistrationSchema });
/** POST PASSKEY_API.authenticate. */
export const PasskeyAssertionBody = v.object({ credential: WirePasskeyAssertionSchema });
/** POST PASSKEY_API.unlink (SPEC §7). */
export const PasskeyUnlinkBody = v.object({ credential_id: b64url(1024) });

/** POST MFA_API.smsInit (SPEC §7: body action=verify; `enroll` names the phone to enrol). */
export const MfaSmsInitBody = v.variant('action', [
  v.object({ action: v.literal('verify') }),
  v.object({ action: v.literal('enroll'), phone_number: phoneNumber }),
]);

/** POST MFA_API.verify: a code for sms/totp (a string), an assertion for passkey (an object), or a recovery code, and the action. */
export const MfaVerifyBody = v.variant('method', [
  v.object({ method: v.literal('totp'), mfa_code: MfaCode, action }),
  v.object({ method: v.literal('sms'), mfa_code: MfaCode, action }),
  v.object({ method: v.literal('passkey'), credential: WirePasskeyAssertionSchema, action }),
  v.object({ method: v.literal('recovery_code'), recovery_code: RecoveryCode, action }),
]);

/** POST MFA_API.totpEnroll. */
export const MfaTotpEnrollBody = v.object({ mfa_code: MfaCode });
/** POST MFA_API.smsEnroll. */
export const MfaSmsEnrollBody = v.object({ phone_number: phoneNumber, mfa_code: MfaCode });
/** POST MFA_API.passkeysEnroll: linked passkeys to enrol (at most 5 per user). */
export const MfaPasskeysEnrollBody = v.object({
  credential_ids: v.pipe(v.array(b64url(1024)), v.minLength(1), v.maxLength(5)),
});
/** POST MFA_API.unenroll. */
export const MfaUnenrollBody = v.object({ method });

/** `latch:mfa:verify`: verify for one action; the frame calls MFA_API.verify with its device proof. */
export const MfaVerifyData = v.variant('method', [
  v.object({ accessToken, method: v.literal('totp'), mfaCode: MfaCode, action }),
  v.object({ accessToken, method: v.literal('sms'), mfaCode: MfaCode, action }),
  v.object({ accessToken, method: v.literal('passkey'), credential: WirePasskeyAssertionSchema, action }),
  v.object({ accessToken, method: v.literal('recovery_code'), recoveryCode: RecoveryCode, action }),
]);

/** `latch:mfa:init-enrollment`: only the authenticator app has a frame-side init (SMS uses MFA_API.smsInit). */
export const MfaInitEnrollmentData = v.object({ accessToken, method: v.literal('totp') });

/** `latch:mfa:submit-enrollment`. */
export const MfaSubmitEnrollmentData = v.variant('method', [
  v.object({ accessToken, method: v.literal('totp'), mfaCode: MfaCode }),
  v.object({ accessToken, method: v.literal('sms'), phoneNumber, mfaCode: MfaCode }),
  v.object({
    accessToken,
    method: v.literal('passkey'),
    credentialIds: v.pipe(v.array(b64url(1024)), v.minLength(1), v.maxLength(5)),
  }),
]);

/** `latch:mfa:unenroll`. */
export const MfaUnenrollData = v.object({ accessToken, method });

/** `latch:mfa:clear`: forget every verification the frame holds (none of its data). */
export const MfaClearData = v.optional(v.object({}));

export type MfaVerifyBody = v.InferOutput<typeof MfaVerifyBody>;
export type MfaVerifyData = v.InferOutput<typeof MfaVerifyData>;
export type MfaSubmitEnrollmentData = v.InferOutput<typeof MfaSubmitEnrollmentData>;
export type MfaUnenrollData = v.InferOutput<typeof MfaUnenrollData>;
export type MfaInitEnrollmentData = v.InferOutput<typeof MfaInitEnrollmentData>;
