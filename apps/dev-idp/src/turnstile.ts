import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http.js';
import { TURNSTILE_SCRIPT } from './turnstileScript.js';

/**
 * Cloudflare's documented testing keys (developers.cloudflare.com/turnstile/troubleshooting/testing/) and
 * the stand-in's own site keys. Every key here works with every secret here.
 */
export const TURNSTILE_KEYS = {
  /** Visible widget, always passes. */
  passSiteKey: '1x00000000000000000000AA',
  /** Visible widget, always fails (error-callback). */
  failSiteKey: '2x00000000000000000000AB',
  /** Invisible widget, always passes. */
  invisiblePassSiteKey: '1x00000000000000000000BB',
  /** Invisible widget, always fails. */
  invisibleFailSiteKey: '2x00000000000000000000BB',
  /** Stand-in: the challenge never answers (no callback at all; the client's wait runs out). */
  timeoutSiteKey: 'standin-timeout',
  /** Stand-in: passes, and the token expires after `standin-expire-<ms>` (default 3000 ms): expired-callback. */
  expireSiteKey: 'standin-expire',
  /** Stand-in: `standin-fail-<n>`: the first n executions on a page fail (error-callback), the next pass. */
  failThenPassSiteKey: (failures: number) => `standin-fail-${failures}`,
  /** Secret that accepts every token this stand-in issued (once, unexpired). */
  passSecret: '1x0000000000000000000000000000000AA',
  /** Secret that always fails (`invalid-input-response`). */
  failSecret: '2x0000000000000000000000000000000AA',
  /** Secret that always answers `timeout-or-duplicate`. */
  duplicateSecret: '3x0000000000000000000000000000000AA',
} as const;

/** A token's life when the site key says nothing else: Turnstile's 300 s. */
export const TURNSTILE_TOKEN_TTL_MS = 300_000;
/** `standin-expire` without a number: the token expires after this. */
const SHORT_EXPIRY_MS = 3000;
/** Turnstile's documented error code for a failed challenge (the error-callback's argument). */
const CHALLENGE_FAILED = '600010';
const CORS = { 'access-control-allow-origin': '*' };
const MAX_TOKENS = 10_000;

/** The Turnstile stand-in as its clients see it. */
export interface DevTurnstile {
  /** The widget script (stands in for https://challenges.cloudflare.com/turnstile/v0/api.js). */
  scriptUrl: string;
  /** Siteverify (stands in for https://challenges.cloudflare.com/turnstile/v0/siteverify): LATCH_TURNSTILE_SITEVERIFY_URL. */
  siteverifyUrl: string;
  /** Issues a token as a passed widget on `hostname` would (for tests that verify from Node). */
  issue(options: { hostname: string; siteKey?: string; action?: string; cdata?: string; ttlMs?: number }): string;
}

/** A token the stand-in issued. */
interface Issued {
  siteKey: string;
  hostname: string;
  action: string;
  cdata: string;
  issuedAt: number;
  expiresAt: number;
  spent: boolean;
  /** siteverify answers by idempotency key (Cloudflare: a retry with the same key gets the same answer). */
  answers: Map<string, object>;
}

type Outcome =
  | { outcome: 'pass'; token: string; expires_in_ms: number }
  | { outcome: 'fail'; error_code: string }
  | {
      outcome: 'hang';
    };

/** Cloudflare Turnstile's stand-in: the widget script, the widget's challenge call and siteverify. */
export class TurnstileStandIn {
  readonly config: DevTurnstile;
  private readonly tokens = new Map<string, Issued>();
  /** Executions per page load and site key (`standin-fail-<n>`). */
  private readonly attempts = new Map<string, number>();

  constructor(
    url: string,
    private readonly tokenTtlMs = TURNSTILE_TOKEN_TTL_MS,
  ) {
    this.config = {
      scriptUrl: `${url}/turnstile/v0/api.js`,
      siteverifyUrl: `${url}/turnstile/v0/siteverify`,
      issue: ({ hostname, siteKey = TURNSTILE_KEYS.passSiteKey, action = '', cdata = '', ttlMs }) =>
        this.remember(siteKey, hostname, action, cdata, ttlMs ?? this.tokenTtlMs),
    };
  }

  /** Serves `/turnstile/…` (`path` is the rest after `/turnstile`). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method === 'OPTIONS')
      return void res
        .writeHead(204, {
          ...CORS,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
        })
        .end();
    if (path === '/v0/api.js' && req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        ...CORS,
      });
      return void res.end(TURNSTILE_SCRIPT);
    }
    if (path === '/v0/challenge' && req.method === 'POST') return this.challenge(req, res);
    if (path === '/v0/siteverify' && req.method === 'POST') return this.siteverify(req, res);
    return sendJson(res, 404, { error: 'not found' }, CORS);
  }

  /** The widget's challenge (the stand-in's own call, from its script): the site key decides the outcome. */
  private async challenge(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const siteKey = form.get('sitekey') ?? '';
    let hostname = '';
    try {
      hostname = new URL(req.headers.origin ?? '').hostname;
    } catch {
      return sendJson(res, 400, { error: 'the widget runs on a web page: an Origin header is required' }, CORS);
    }
    const page = form.get('page') ?? '';
    const attemptKey = `${page} ${siteKey}`;
    const attempt = (this.attempts.get(attemptKey) ?? 0) + 1;
    this.attempts.set(attemptKey, attempt);
    const outcome = this.outcome(siteKey, attempt, () =>
      this.remember(siteKey, hostname, form.get('action') ?? '', form.get('cdata') ?? '', this.ttlFor(siteKey)),
    );
    return sendJson(res, 200, outcome, CORS);
  }

  /** What the site key does on its `attempt`-th execution on a page. */
  private outcome(siteKey: string, attempt: number, issue: () => string): Outcome {
    const pass = (): Outcome => ({ outcome: 'pass', token: issue(), expires_in_ms: this.ttlFor(siteKey) });
    if (siteKey === TURNSTILE_KEYS.failSiteKey || siteKey === TURNSTILE_KEYS.invisibleFailSiteKey)
      return { outcome: 'fail', error_code: CHALLENGE_FAILED };
    if (siteKey === TURNSTILE_KEYS.timeoutSiteKey) return { outcome: 'hang' };
    const failFirst = /^standin-fail-(\d{1,3})$/.exec(siteKey);
    if (failFirst) return attempt <= Number(failFirst[1]) ? { outcome: 'fail', error_code: CHALLENGE_FAILED } : pass();
    // Every other key passes (the testing pass keys, `standin-expire[-ms]`, and any real-looking key).
    return pass();
  }

  /** A token's life: `standin-expire[-<ms>]` is short, every other key gets the configured TTL. */
  private ttlFor(siteKey: string): number {
    const expire = /^standin-expire(?:-(\d{1,7}))?$/.exec(siteKey);
    return expire ? Number(expire[1] ?? SHORT_EXPIRY_MS) : this.tokenTtlMs;
  }

  /** A fresh random token, remembered with what it is bound to. */
  private remember(siteKey: string, hostname: string, action: string, cdata: string, ttlMs: number): string {
    const now = Date.now();
    for (const [token, issued] of this.tokens) if (issued.expiresAt < now) this.tokens.delete(token);
    if (this.tokens.size >= MAX_TOKENS) this.tokens.delete(this.tokens.keys().next().value as string);
    const token = `standin.${randomBytes(48).toString('base64url')}`;
    this.tokens.set(token, {
      siteKey,
      hostname,
      action,
      cdata,
      issuedAt: now,
      expiresAt: now + ttlMs,
      spent: false,
      answers: new Map(),
    });
    return token;
  }

  /** Cloudflare's siteverify: form-encoded or JSON `secret`, `response`, `remoteip`, `idempotency_key`. */
  private async siteverify(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let fields: Record<string, unknown>;
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      try {
        const parsed: unknown = JSON.parse(raw);
        fields = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      } catch {
        return sendJson(res, 400, failure('bad-request'));
      }
    } else fields = Object.fromEntries(new URLSearchParams(raw));
    const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
    return sendJson(res, 200, this.verify(text('secret'), text('response'), text('idempotency_key')));
  }

  /** The siteverify answer for a secret and a token. */
  private verify(secret: string, response: string, idempotencyKey: string): object {
    if (!secret) return failure('missing-input-secret');
    if (secret === TURNSTILE_KEYS.failSecret) return failure('invalid-input-response');
    if (secret === TURNSTILE_KEYS.duplicateSecret) return failure('timeout-or-duplicate');
    if (secret !== TURNSTILE_KEYS.passSecret) return failure('invalid-input-secret');
    if (!response) return failure('missing-input-response');
    const issued = this.tokens.get(response);
    if (!issued) return failure('invalid-input-response');
    const again = idempotencyKey ? issued.answers.get(idempotencyKey) : undefined;
    if (again) return again;
    if (issued.spent || issued.expiresAt <= Date.now()) return failure('timeout-or-duplicate');
    issued.spent = true;
    const answer = {
      success: true,
      'error-codes': [],
      challenge_ts: new Date(issued.issuedAt).toISOString(),
      hostname: issued.hostname,
      action: issued.action,
      cdata: issued.cdata,
      metadata: { standin: 'Latch development stand-in for Cloudflare Turnstile, not the real service' },
    };
    if (idempotencyKey) issued.answers.set(idempotencyKey, answer);
    return answer;
  }
}

/** Cloudflare's failure answer. */
function failure(code: string): object {
  return { success: false, 'error-codes': [code], messages: [] };
}
