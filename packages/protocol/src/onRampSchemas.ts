import * as v from 'valibot';

/**
 * Valibot schema of the on-ramp sign body (onRamp.ts). Exported through `@latch/protocol/schemas` only (the
 * index stays valibot-free).
 */

/** POST ON_RAMP_API.sign. */
export const OnRampSignBody = v.object({
  address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'address must be a 0x-prefixed 20-byte hex address')),
  useSandbox: v.boolean(),
  config: v.optional(
    v.object({
      currencyCode: v.optional(
        v.pipe(v.string(), v.regex(/^[a-z0-9_]{2,32}$/, 'currencyCode must be a provider code')),
      ),
      quoteCurrencyAmount: v.optional(v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(1_000_000))),
      uiConfig: v.optional(
        v.object({
          accentColor: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'accentColor must be #rrggbb'))),
          theme: v.optional(v.picklist(['light', 'dark'])),
        }),
      ),
    }),
  ),
});
/** A checked sign body. */
export type OnRampSignBody = v.InferOutput<typeof OnRampSignBody>;
