import { LatchError } from '@latch/protocol';
import { isLoopbackHostname } from '../../kernel/http/loopback.js';

/** Who may register an http URL: dev mode, or a production server told so (`LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK=1`). */
export interface WebhookUrlPolicy {
  dev: boolean;
  webhooksAllowHttpLoopback?: boolean;
}

/**
 * Checks an endpoint URL given by the operator: https, or http to a loopback host in dev mode or with
 * `LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK=1` (testing a production server's webhooks on one machine); no
 * credentials in it and no fragment. The URL is the operator's and is trusted: no SSRF filtering of private
 * addresses happens here (docs/webhooks.md). `policy` is the server's settings (a bare boolean: dev mode).
 * Returns the URL as given; throws LatchError `invalid_data`.
 */
export function assertWebhookUrl(raw: string, policy: boolean | WebhookUrlPolicy): string {
  const { dev, webhooksAllowHttpLoopback } = typeof policy === 'boolean' ? { dev: policy } : policy;
  const httpLoopback = dev || webhooksAllowHttpLoopback === true;
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
  if (url.protocol === 'http:' && httpLoopback && isLoopbackHostname(url.hostname)) return raw;
  throw new LatchError(
    'invalid_data',
    httpLoopback
      ? 'The webhook URL must use https (http only to 127.0.0.1, [::1] or localhost).'
      : 'The webhook URL must use https (to test a receiver on this machine over http, start the server with LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK=1).',
  );
}
