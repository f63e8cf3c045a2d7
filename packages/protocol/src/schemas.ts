import * as v from 'valibot';
import { isAppId } from './appId.js';

/** Request-body schemas (SPEC §7), shared by server validation and client typing. */

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(320));
// A fixed type message: valibot's default quotes the value received (a code sent as a number).
const code = v.pipe(v.string('Code should be numeric'), v.trim(), v.regex(/^\d{6}$/, 'Code should be numeric'));
const phoneNumber = v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(32));
const captchaToken = v.optional(v.pipe(v.string(), v.maxLength(4096)));
const refreshToken = v.pipe(v.string(), v.minLength(1), v.maxLength(512));

/**
 * What a passwordless code is sent for (a code works only for its purpose): login; link (an address to
 * add); update (the new address); update-old (the current address, before an update); unlink.
 * All but login need the bearer token.
 */
export const CODE_PURPOSES = ['login', 'link', 'update', 'update-old', 'unlink'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
const purpose = v.optional(v.picklist(CODE_PURPOSES), 'login');

export const EmailInitBody = v.object({ email, token: captchaToken, purpose });
/** `mode: 'no-signup'` (login only): a login that would create a user fails with signup_disabled. */
const loginMode = v.optional(v.picklist(['login-or-sign-up', 'no-signup']));
export const EmailCodeBody = v.object({ email, code, mode: loginMode });
/** `code`: sent to `address` for 'unlink'; needed unless the session logged in a few minutes ago. */
export const EmailUnlinkBody = v.object({ address: email, code: v.optional(code) });
/**
 * `code` was sent to `newAddress` for 'update'; `oldCode` to `oldAddress` for 'update-old', needed
 * unless the session logged in a few minutes ago.
 */
export const EmailUpdateBody = v.object({ oldAddress: email, newAddress: email, code, oldCode: v.optional(code) });
export const SmsInitBody = v.object({ phoneNumber, token: captchaToken, purpose });
export const SmsCodeBody = v.object({ phoneNumber, code, mode: loginMode });
/** `code`: sent to `phoneNumber` for 'unlink'; needed unless the session logged in a few minutes ago. */
export const SmsUnlinkBody = v.object({ phoneNumber, code: v.optional(code) });
// A PKCE-style S256 value or verifier (base64url, 43 characters for 32 bytes; RFC 7636 allows 43–128).
const pkceValue = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43,128}$/, 'Expected a base64url value'));
/**
 * The main refresh (`refresh_token`, or cookie mode's cookie), or the redemption of a session hand-off
 * (docs/client.md "Session hand-off"): `hand_off_code` from the address with the tab's `code_verifier`.
 */
export const RefreshBody = v.object({
  refresh_token: v.optional(refreshToken),
  hand_off_code: v.optional(refreshToken),
  code_verifier: v.optional(pkceValue),
});
export const LogoutBody = v.object({ refresh_token: v.optional(refreshToken) });
/**
 * SPEC §7 fork; `hand_off_challenge` (S256 of a verifier the starting tab keeps) asks for a one-time hand-off
 * code instead of a second refresh token. Cookie mode's refresh token may be its cookie.
 */
export const ForkBody = v.object({
  refresh_token: v.optional(refreshToken),
  hand_off_challenge: v.optional(pkceValue),
});
export const EmptyBody = v.object({});
export const AnalyticsEventBody = v.object({
  event_name: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  client_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(128)))),
  payload: v.optional(
    v.objectWithRest({ clientTimestamp: v.optional(v.pipe(v.string(), v.maxLength(64))) }, v.unknown()),
  ),
});

/**
 * GET /api/v1/token_price's query (SPEC §7: chainId and tokenSymbol): a decimal chain id and the symbol of
 * the chain's native token (e.g. `ETH`, `POL`), upper-cased. The answer is a `TokenPriceResponse`.
 */
export const TokenPriceQuery = v.object({
  chainId: v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,15}$/, 'chainId must be a decimal chain id'),
    v.transform(Number),
    v.safeInteger(),
  ),
  tokenSymbol: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9.-]{1,16}$/, 'tokenSymbol must be a token symbol'),
    v.toUpperCase(),
  ),
});

/**
 * GET /api/v1/token_price's answer: the token's price in US dollars, or null when the server has none (no price
 * source configured, test money, a token the source lacks).
 */
export interface TokenPriceResponse {
  usd: number | null;
}

/** A 25-character app id (SPEC §5). */
export const AppIdSchema = v.pipe(
  v.string(),
  v.check((id: string) => isAppId(id), 'Invalid app id.'),
);

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
export type TokenPriceQuery = v.InferOutput<typeof TokenPriceQuery>;
