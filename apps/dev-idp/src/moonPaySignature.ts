import { createHmac, timingSafeEqual } from 'node:crypto';

/** A widget query checked as MoonPay checks it: its parameters, or why it is refused. */
export type SignedQueryCheck = { ok: true; params: URLSearchParams } | { ok: false; reason: string };

/** The marker MoonPay's URL signing appends the signature after (it comes last). */
const SIGNATURE = '&signature=';

/**
 * Checks a widget URL's query (`search`: the raw query string with its leading '?', as the browser sent it)
 * as MoonPay documents its URL signing: `signature` is the last parameter, and equals
 * base64(HMAC-SHA256(secretKey, the query before `&signature=`, leading '?' included)); `apiKey` must be the
 * publishable key paired with `secretKey`.
 */
export function checkSignedQuery(search: string, secretKey: string, publishableKey: string): SignedQueryCheck {
  const at = search.indexOf(SIGNATURE);
  if (!search.startsWith('?') || at < 0) {
    return { ok: false, reason: 'The URL has no signature: MoonPay refuses widget URLs that are not signed.' };
  }
  const signed = search.slice(0, at);
  const encoded = search.slice(at + SIGNATURE.length);
  if (encoded.includes('&')) {
    return {
      ok: false,
      reason: 'Parameters follow the signature: the signature must be computed over the final query and come last.',
    };
  }
  let given: Buffer;
  try {
    given = Buffer.from(decodeURIComponent(encoded), 'base64');
  } catch {
    return { ok: false, reason: 'The signature is not URL-encoded base64.' };
  }
  const params = new URLSearchParams(signed);
  if (params.get('apiKey') !== publishableKey) {
    return {
      ok: false,
      reason: 'The apiKey parameter is not the publishable key paired with this widget’s secret key.',
    };
  }
  const expected = createHmac('sha256', secretKey).update(signed).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      ok: false,
      reason:
        'The signature does not match the query: it must be base64(HMAC-SHA256(secret key, the query before &signature=, leading ? included)).',
    };
  }
  return { ok: true, params };
}
