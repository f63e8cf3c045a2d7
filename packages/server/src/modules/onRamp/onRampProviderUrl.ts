import { LatchError } from '@latch/protocol';
import { isLoopbackHostname } from '../../kernel/http/loopback.js';

/**
 * Checks a provider URL the operator gives (the widget or the API base): https; http only to a loopback host
 * in dev mode (the dev stand-in), as webhook URLs (modules/webhooks/webhookUrl.ts); no user name or password,
 * no fragment (the signature covers the query only). Returns the URL as given; throws `invalid_data`.
 */
export function assertProviderUrl(raw: string, name: 'widget URL' | 'API URL', dev: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LatchError('invalid_data', `The on-ramp ${name} must be an absolute URL, e.g. https://buy.moonpay.com.`);
  }
  if (raw.length > 2048) throw new LatchError('invalid_data', `The on-ramp ${name} is too long.`);
  if (url.username || url.password)
    throw new LatchError('invalid_data', `The on-ramp ${name} must not contain a user name or password.`);
  if (url.hash || raw.includes('#'))
    throw new LatchError('invalid_data', `The on-ramp ${name} must not contain a fragment (#…).`);
  if (name === 'API URL' && url.search)
    throw new LatchError('invalid_data', 'The on-ramp API URL must not contain a query (?…).');
  if (url.protocol === 'https:') return raw;
  if (url.protocol === 'http:' && dev && isLoopbackHostname(url.hostname)) return raw;
  throw new LatchError(
    'invalid_data',
    dev
      ? `The on-ramp ${name} must use https (http only to 127.0.0.1, [::1] or localhost).`
      : `The on-ramp ${name} must use https.`,
  );
}
