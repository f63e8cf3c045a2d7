import * as v from 'valibot';
import { LIMIT } from './constants.js';

/** Request-body schemas (SPEC §7), shared by server validation and client typing. */

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(320));
const code = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'Code should be numeric'));
const phoneNumber = v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(32));
const captchaToken = v.optional(v.pipe(v.string(), v.maxLength(4096)));
const refreshToken = v.pipe(v.string(), v.minLength(1), v.maxLength(512));

export const EmailInitBody = v.object({ email, token: captchaToken });
export const EmailCodeBody = v.object({ email, code });
export const EmailUnlinkBody = v.object({ address: email });
export const EmailUpdateBody = v.object({ oldAddress: email, newAddress: email, code });
export const SmsInitBody = v.object({ phoneNumber, token: captchaToken });
export const SmsCodeBody = v.object({ phoneNumber, code });
export const SmsUnlinkBody = v.object({ phoneNumber });
export const RefreshBody = v.object({ refresh_token: v.optional(refreshToken) });
export const LogoutBody = v.object({ refresh_token: v.optional(refreshToken) });
export const ForkBody = v.object({ refresh_token: refreshToken });
export const EmptyBody = v.object({});
export const AnalyticsEventBody = v.object({
  event_name: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  client_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(128)))),
  payload: v.optional(
    v.objectWithRest({ clientTimestamp: v.optional(v.pipe(v.string(), v.maxLength(64))) }, v.unknown()),
  ),
});

/** A 25-character app id (SPEC §5). */
export const AppIdSchema = v.pipe(v.string(), v.length(LIMIT.appIdLength));

export type EmailInitBody = v.InferOutput<typeof EmailInitBody>;
export type EmailCodeBody = v.InferOutput<typeof EmailCodeBody>;
export type EmailUnlinkBody = v.InferOutput<typeof EmailUnlinkBody>;
export type EmailUpdateBody = v.InferOutput<typeof EmailUpdateBody>;
export type SmsInitBody = v.InferOutput<typeof SmsInitBody>;
export type SmsCodeBody = v.InferOutput<typeof SmsCodeBody>;
export type SmsUnlinkBody = v.InferOutput<typeof SmsUnlinkBody>;
export type RefreshBody = v.InferOutput<typeof RefreshBody>;
export type ForkBody = v.InferOutput<typeof ForkBody>;
export type AnalyticsEventBody = v.InferOutput<typeof AnalyticsEventBody>;
