import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevIdp, describeDevIdp, startDevIdp, TURNSTILE_KEYS } from './index.js';

// The Turnstile stand-in over real HTTP: the widget's challenge call as the script makes it (with an Origin),
// and siteverify as Cloudflare documents it (form-encoded or JSON; success, error-codes, challenge_ts, hostname,
// action, cdata). The widget script itself runs in Chromium in turnstileBrowser.integration.test.ts.

let idp: DevIdp;
const ORIGIN = 'http://app.localhost:3000';

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: ['http://localhost:8787/api/v1/oauth/callback'], providers: [] });
});
afterAll(async () => {
  await idp.close();
});

/** The script's challenge call: what a page on ORIGIN gets for a site key. */
async function challenge(sitekey: string, extra: Record<string, string> = {}) {
  const response = await fetch(`${idp.url}/turnstile/v0/challenge`, {
    method: 'POST',
    headers: { origin: ORIGIN },
    body: new URLSearchParams({ sitekey, page: 'p1', ...extra }),
  });
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  return (await response.json()) as { outcome: string; token?: string; expires_in_ms?: number; error_code?: string };
}

/** Siteverify, form-encoded like most server libraries send it (or JSON). */
async function siteverify(fields: Record<string, string>, json = false) {
  const response = await fetch(idp.turnstile.siteverifyUrl, {
    method: 'POST',
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('the script and the description', () => {
  it('serves the widget script with window.turnstile and describes itself', async () => {
    const response = await fetch(idp.turnstile.scriptUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    const script = await response.text();
    for (const name of ['render', 'execute', 'reset', 'remove', 'getResponse', 'isExpired'])
      expect(script).toContain(`${name}: function`);
    expect(describeDevIdp(idp).turnstile).toMatchObject({
      script_url: `${idp.url}/turnstile/v0/api.js`,
      siteverify_url: `${idp.url}/turnstile/v0/siteverify`,
      pass_secret: TURNSTILE_KEYS.passSecret,
    });
  });
});

describe('siteverify', () => {
  it('accepts a passed widget’s token once, with its hostname, action and cdata (form-encoded and JSON)', async () => {
    for (const json of [false, true]) {
      const passed = await challenge(TURNSTILE_KEYS.passSiteKey, { action: 'login', cdata: 'c1' });
      expect(passed).toMatchObject({ outcome: 'pass', expires_in_ms: 300_000 });
      const fields = { secret: TURNSTILE_KEYS.passSecret, response: passed.token ?? '', remoteip: '127.0.0.1' };
      const answer = await siteverify(fields, json);
      expect(answer).toMatchObject({
        success: true,
        'error-codes': [],
        hostname: 'app.localhost',
        action: 'login',
        cdata: 'c1',
      });
      expect(Date.parse(String(answer.challenge_ts))).toBeGreaterThan(Date.now() - 60_000);
      expect(await siteverify(fields, json)).toEqual({
        success: false,
        'error-codes': ['timeout-or-duplicate'],
        messages: [],
      });
    }
  });

  it('answers a retry with the same idempotency key as the first time, a new key as a duplicate', async () => {
    const token = idp.turnstile.issue({ hostname: 'app.localhost' });
    const fields = { secret: TURNSTILE_KEYS.passSecret, response: token, idempotency_key: 'k-1' };
    const first = await siteverify(fields);
    expect(first.success).toBe(true);
    expect(await siteverify(fields)).toEqual(first);
    expect((await siteverify({ ...fields, idempotency_key: 'k-2' }))['error-codes']).toEqual(['timeout-or-duplicate']);
  });

  it('follows Cloudflare’s testing secrets and refuses what it never issued', async () => {
    const token = () => idp.turnstile.issue({ hostname: 'app.localhost' });
    const codes = async (fields: Record<string, string>) => (await siteverify(fields))['error-codes'];
    expect(await codes({ secret: TURNSTILE_KEYS.failSecret, response: token() })).toEqual(['invalid-input-response']);
    expect(await codes({ secret: TURNSTILE_KEYS.duplicateSecret, response: token() })).toEqual([
      'timeout-or-duplicate',
    ]);
    expect(await codes({ secret: 'not-a-secret', response: token() })).toEqual(['invalid-input-secret']);
    expect(await codes({ secret: '', response: token() })).toEqual(['missing-input-secret']);
    expect(await codes({ secret: TURNSTILE_KEYS.passSecret, response: '' })).toEqual(['missing-input-response']);
    expect(await codes({ secret: TURNSTILE_KEYS.passSecret, response: 'standin.forged' })).toEqual([
      'invalid-input-response',
    ]);
  });

  it('refuses an expired token as timeout-or-duplicate', async () => {
    const token = idp.turnstile.issue({ hostname: 'app.localhost', ttlMs: 0 });
    expect((await siteverify({ secret: TURNSTILE_KEYS.passSecret, response: token }))['error-codes']).toEqual([
      'timeout-or-duplicate',
    ]);
  });
});

describe('the widget’s challenge by site key', () => {
  it('fails the failing testing keys, never answers the timeout key, shortens the expiring key’s token', async () => {
    expect(await challenge(TURNSTILE_KEYS.failSiteKey)).toEqual({ outcome: 'fail', error_code: '600010' });
    expect(await challenge(TURNSTILE_KEYS.invisibleFailSiteKey)).toEqual({ outcome: 'fail', error_code: '600010' });
    expect(await challenge(TURNSTILE_KEYS.timeoutSiteKey)).toEqual({ outcome: 'hang' });
    expect(await challenge(TURNSTILE_KEYS.expireSiteKey)).toMatchObject({ outcome: 'pass', expires_in_ms: 3000 });
    expect(await challenge('standin-expire-1500')).toMatchObject({ outcome: 'pass', expires_in_ms: 1500 });
  });

  it('fails the first n executions of a page for standin-fail-<n>, then passes; another page counts anew', async () => {
    const key = TURNSTILE_KEYS.failThenPassSiteKey(2);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await challenge(key, { page: 'fail-page' })).outcome);
    expect(outcomes).toEqual(['fail', 'fail', 'pass']);
    expect((await challenge(key, { page: 'other-page' })).outcome).toBe('fail');
  });

  it('refuses a challenge with no Origin (the widget runs on a web page)', async () => {
    const response = await fetch(`${idp.url}/turnstile/v0/challenge`, {
      method: 'POST',
      body: new URLSearchParams({ sitekey: TURNSTILE_KEYS.passSiteKey }),
    });
    expect(response.status).toBe(400);
  });
});
