import { LatchError } from '@latch/protocol';
import type { PhoneNumberType } from 'libphonenumber-js/max';
import type { AppRecord } from '../../identity/apps/appStore.js';
import { DEFAULT_SMS_CAPS } from '../../kernel/config/configLimits.js';
import type { ServerContext } from '../../kernel/context.js';
import { loadPhoneNumbers } from '../../kernel/lazy/loadPhoneNumbers.js';

/**
 * The number types an SMS code may go to: lines a person holds. Everything else is refused —
 * premium-rate, shared-cost, UAN, personal (forwarding) numbers, pagers, voicemail, toll-free and
 * numbers of unknown type — since a send there earns a third party money or reaches no person
 * (SMS pumping). VoIP stays allowed: many real users log in with one.
 */
const SMS_NUMBER_TYPES: ReadonlySet<PhoneNumberType> = new Set<PhoneNumberType>([
  'MOBILE',
  'FIXED_LINE_OR_MOBILE',
  'FIXED_LINE',
  'VOIP',
]);

/** Throws `not_supported` (SPEC: 'SMS authentication from this region is not available'). */
function refuse(): never {
  throw new LatchError('not_supported');
}

/**
 * Checks an SMS send to `e164` against the app's SMS policy, then counts it on the app's per-country
 * and per-prefix caps (durable counters, so a restart does not reset them). `not_supported` for a
 * non-geographic number (satellite +870/+881, international networks +882/+883, …), a refused number
 * type, or a country outside `sms_allowed_countries` (outside dev mode an app without the list sends
 * no SMS); `too_many_requests` with a Retry-After once a cap is reached (docs/passwordless.md).
 */
export async function assertSmsSendAllowed(
  ctx: Pick<ServerContext, 'settings' | 'shortLived' | 'logger'>,
  app: Pick<AppRecord, 'id' | 'config'>,
  e164: string,
): Promise<void> {
  const { parsePhoneNumberFromString } = await loadPhoneNumbers();
  const number = parsePhoneNumberFromString(e164);
  const country = number?.country;
  const type = number?.getType();
  if (!number || !country || !type || !SMS_NUMBER_TYPES.has(type)) refuse();
  const allowed = app.config.sms_allowed_countries;
  if (allowed ? !allowed.includes(country) : !ctx.settings.dev) {
    if (!allowed) ctx.logger.warn({ appId: app.id }, 'sms_auth is on without sms_allowed_countries: SMS refused');
    refuse();
  }
  const caps = ctx.settings.smsCaps ?? DEFAULT_SMS_CAPS;
  const prefix = number.number.slice(1, 1 + caps.prefixDigits);
  // The prefix first: a send refused there does not spend the country's budget, so hammering one
  // number range cannot shut the whole country out.
  const checks = [
    { key: `sms-prefix:${app.id}:${prefix}`, limit: caps.perPrefix, what: { country, prefix } },
    { key: `sms-country:${app.id}:${country}`, limit: caps.perCountry, what: { country } },
  ];
  let retryAfterMs = 0;
  for (const check of checks) {
    const state = await ctx.shortLived.counters.increment(check.key, 1, check.limit.durationSec * 1000);
    if (state.count <= check.limit.points) continue;
    // Once per window, when the cap trips: an operator wants to know a country or range is under attack.
    if (state.count === check.limit.points + 1) {
      ctx.logger.warn({ appId: app.id, ...check.what }, 'SMS cap reached; sends refused until the window ends');
    }
    retryAfterMs = state.ttlMs;
    break;
  }
  if (retryAfterMs > 0) {
    throw new LatchError('too_many_requests', undefined, { retryAfter: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
  }
}
