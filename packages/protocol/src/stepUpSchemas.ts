import * as v from 'valibot';
import { WirePasskeyAssertionSchema } from './mfaSchemas.js';
import { OAUTH_LIMIT } from './oauth.js';
import { SIWE_MESSAGE_MAX_LENGTH } from './siweConstants.js';
import { STEP_UP_ACTIONS, STEP_UP_FACTOR_TYPES } from './stepUp.js';

/**
 * Valibot schemas of the step-up bodies (stepUp.ts). Exported through `@latch/protocol/schemas` only (the
 * index stays valibot-free).
 */

const pkceChars = /^[A-Za-z0-9._~-]+$/;
const factor = v.object({
  type: v.picklist(STEP_UP_FACTOR_TYPES),
  // An email address, a phone number, a wallet address, a provider name or ''.
  id: v.pipe(v.string(), v.trim(), v.maxLength(320)),
});
const action = v.picklist(STEP_UP_ACTIONS);
const stateCode = v.pipe(
  v.string(),
  v.minLength(OAUTH_LIMIT.stateMinLength),
  v.maxLength(OAUTH_LIMIT.stateMaxLength),
  v.regex(pkceChars, 'state_code must be base64url'),
);

/** POST STEP_UP_API.init. */
export const StepUpInitBody = v.object({
  action,
  factor,
  redirect_to: v.optional(v.pipe(v.string(), v.maxLength(2048), v.url())),
  state_code: v.optional(stateCode),
  code_challenge: v.optional(
    v.pipe(v.string(), v.length(43), v.regex(/^[A-Za-z0-9_-]+$/, 'code_challenge must be base64url')),
  ),
});

/** POST STEP_UP_API.verify. */
export const StepUpVerifyBody = v.object({
  action,
  factor,
  // A 6-digit code (email, sms, sms_mfa, totp): the factor's own check gives the precise error.
  code: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(32))),
  credential: v.optional(WirePasskeyAssertionSchema),
  message: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(SIWE_MESSAGE_MAX_LENGTH))),
  signature: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'Expected a 0x-prefixed hex signature')),
  ),
  authorization_code: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(4096))),
  state_code: v.optional(stateCode),
  code_verifier: v.optional(
    v.pipe(
      v.string(),
      v.minLength(OAUTH_LIMIT.verifierMinLength),
      v.maxLength(OAUTH_LIMIT.verifierMaxLength),
      v.regex(pkceChars, 'code_verifier must use RFC 7636 characters'),
    ),
  ),
});

export type StepUpInitBody = v.InferOutput<typeof StepUpInitBody>;
export type StepUpVerifyBody = v.InferOutput<typeof StepUpVerifyBody>;
