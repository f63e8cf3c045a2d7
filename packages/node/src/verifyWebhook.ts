import { LatchError } from '@latch/protocol';
import type { LatchWebhookEvent } from '@latch/protocol/webhooks';
import { Webhook } from 'standardwebhooks';

/** Request headers as `fetch` (a Headers) or node:http / Express (a plain object) give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const NAMES = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(' ') : value;
}

/**
 * Verifies a Latch webhook (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) and returns its
 * event. `payload` is the raw body exactly as received; `secret` the endpoint's `whsec_…` secret. Throws LatchError
 * `invalid_webhook` on a missing header, a signature that matches no key, or a timestamp more than 5 minutes
 * from now (a replay). Dedupe on the webhook-id header: a delivery can arrive more than once.
 */
export function verifyWebhook(payload: string, headers: WebhookHeaders, secret: string): LatchWebhookEvent {
  const found: Record<string, string> = {};
  for (const name of NAMES) {
    const value = header(headers, name);
    if (!value) throw new LatchError('invalid_webhook', `The webhook has no ${name} header.`);
    found[name] = value;
  }
  let verifier: Webhook;
  try {
    verifier = new Webhook(secret);
  } catch (cause) {
    // Never echo the secret: only say what kind of value was expected.
    throw new LatchError('invalid_webhook', 'The webhook secret must be the whsec_… value the server printed.', {
      cause,
    });
  }
  let event: unknown;
  try {
    event = verifier.verify(payload, found);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : '';
    throw new LatchError(
      'invalid_webhook',
      /timestamp/i.test(message)
        ? 'The webhook timestamp is more than 5 minutes from now (a replay, or a wrong clock).'
        : 'The webhook signature does not match (wrong secret or altered body).',
      { cause },
    );
  }
  const shaped = event as Partial<LatchWebhookEvent> | null;
  if (!shaped || typeof shaped.type !== 'string' || typeof shaped.data !== 'object')
    throw new LatchError('invalid_webhook', 'The webhook body is not a Latch event.');
  return shaped as LatchWebhookEvent;
}
