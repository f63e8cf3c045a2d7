import { LatchError } from '@latch/protocol';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Checks an endpoint URL given by the operator: https, or (dev mode only) http to a loopback host; no
 * credentials in it and no fragment. The URL is the operator's and is trusted: no SSRF filtering of private
 * addresses happens here (docs/webhooks.md). Returns the URL as given; throws LatchError `invalid_data`.
 */
export function assertWebhookUrl(raw: string, dev: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LatchError(
      'invalid_data',
      'The webhook URL must be an absolute URL, e.g. https://api.example.com/hooks/latch.',
    );
  }
  if (url.username || url.password)
    throw new LatchError('invalid_data', 'The webhook URL must not contain a user name or password.');
  if (url.hash || raw.includes('#'))
    throw new LatchError('invalid_data', 'The webhook URL must not contain a fragment (#…).');
  if (url.protocol === 'https:') return raw;
  if (url.protocol === 'http:' && dev && LOOPBACK_HOSTS.has(url.hostname)) return raw;
  throw new LatchError(
    'invalid_data',
    dev
      ? 'The webhook URL must use https (or, in dev mode, http to 127.0.0.1, [::1] or localhost).'
      : 'The webhook URL must use https.',
  );
}
