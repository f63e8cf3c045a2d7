import { randomBytes } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './verifyWebhook.js';

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;
const body = JSON.stringify({
  type: 'user.created',
  timestamp: '2026-11-26T18:00:00.000Z',
  data: { app_id: 'a'.repeat(25), user: null, account: null },
});

/** Headers as the server sends them, signed with `secrets` at `at`. */
function signed(payload: string, secrets: string[], at = new Date(), id = 'msg_0123') {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, at, payload)).join(' '),
  };
}

function refusal(run: () => unknown): LatchError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LatchError);
    expect((error as LatchError).code).toBe('invalid_webhook');
    return error as LatchError;
  }
  throw new Error('verifyWebhook accepted it');
}

describe('verifyWebhook', () => {
  it('returns the event of a correctly signed webhook (Headers and node:http header objects)', () => {
    const key = secret();
    const headers = signed(body, [key]);
    expect(verifyWebhook(body, headers, key)).toEqual(JSON.parse(body));
    expect(verifyWebhook(body, new Headers(headers), key).type).toBe('user.created');
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), [v]]));
    expect(verifyWebhook(body, upper, key).type).toBe('user.created');
  });

  it('accepts a webhook signed with the new and the previous secret (rotation grace) with either', () => {
    const [current, previous] = [secret(), secret()];
    const headers = signed(body, [current, previous]);
    expect(verifyWebhook(body, headers, current).type).toBe('user.created');
    expect(verifyWebhook(body, headers, previous).type).toBe('user.created');
  });

  it('refuses a webhook signed with another secret', () => {
    const error = refusal(() => verifyWebhook(body, signed(body, [secret()]), secret()));
    expect(error.message).toMatch(/signature/);
  });

  it('refuses a tampered body', () => {
    const key = secret();
    const headers = signed(body, [key]);
    refusal(() => verifyWebhook(body.replace('user.created', 'user.unlinked_account'), headers, key));
  });

  it('refuses an old timestamp (a replay after 5 minutes) and one from the future', () => {
    const key = secret();
    const old = new Date(Date.now() - 6 * 60_000);
    expect(refusal(() => verifyWebhook(body, signed(body, [key], old), key)).message).toMatch(/5 minutes/);
    refusal(() => verifyWebhook(body, signed(body, [key], new Date(Date.now() + 6 * 60_000)), key));
  });

  it('refuses replayed headers on another body and headers whose timestamp was moved', () => {
    const key = secret();
    const headers = signed(body, [key]);
    const other = JSON.stringify({ ...JSON.parse(body), type: 'wallet.created' });
    refusal(() => verifyWebhook(other, headers, key));
    const moved = { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1) };
    refusal(() => verifyWebhook(body, moved, key));
  });

  it('refuses missing headers, naming the header and never the secret', () => {
    const key = secret();
    const { 'webhook-signature': _, ...unsigned } = signed(body, [key]);
    const error = refusal(() => verifyWebhook(body, unsigned, key));
    expect(error.message).toContain('webhook-signature');
    expect(error.message).not.toContain(key);
    refusal(() => verifyWebhook(body, {}, key));
  });

  it('refuses a signed body that is not a Latch event', () => {
    const key = secret();
    refusal(() => verifyWebhook('[]', signed('[]', [key]), key));
  });
});
