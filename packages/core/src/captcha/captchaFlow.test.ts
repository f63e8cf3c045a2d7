import { createHash } from 'node:crypto';
import { type AppConfig, DELAY, TIMEOUT } from '@latch/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createFlowHarness } from '../auth/testing/flowHarness.js';
import { INITIAL_STATE } from '../store.js';

const withCaptcha = (siteKey: string) => ({
  ...INITIAL_STATE,
  config: { captchaEnabled: true, captchaSiteKey: siteKey } as AppConfig,
});

/** A small real ALTCHA challenge whose secret number is 1234. */
function challenge() {
  const salt = 'abcd?app=x&max=5000&expires=4102444800&';
  const hash = createHash('sha256').update(`${salt}1234`).digest('hex');
  return { algorithm: 'SHA-256', challenge: hash, maxnumber: 5000, salt, signature: 'sig' };
}

function harness(siteKey = 'pow:1000') {
  return createFlowHarness({
    deferred: ['sendEmailCode', 'captchaChallenge'],
    clientState: withCaptcha(siteKey),
  });
}

beforeAll(async () => {
  // The runner loads the captcha's chunk with the first event; loaded here, the fake clock needs no real wait.
  await import('./captchaChunk.js');
});

describe('the captcha flow (SPEC §4 "Captcha")', () => {
  it('runs 1 s after LANDING shows, solves the proof of work, and sends its token with the email init', async () => {
    const h = harness();
    await h.open('login', 'LANDING');
    expect(h.state().captcha?.status).toBe('ready');
    expect(h.names()).toEqual([]);
    await h.clock.advance(DELAY.captchaInitial);
    expect(h.state().captcha?.status).toBe('loading');
    h.last('captchaChallenge').resolve(challenge());
    await vi.waitFor(() => expect(h.state().captcha?.status).toBe('success'));
    const token = h.state().captcha?.token ?? '';
    expect(JSON.parse(atob(token))).toMatchObject({ number: 1234, salt: challenge().salt, signature: 'sig' });

    h.runner.dispatch({ type: 'submitEmail', email: 'a@example.com' });
    expect(h.last('sendEmailCode').args).toEqual(['a@example.com', token, undefined]);
    // Spent: the captcha runs again for the next init (a resend).
    expect(h.state().captcha).toMatchObject({ status: 'ready', token: null });
    await h.clock.advance(DELAY.captchaAutoExecute);
    expect(h.names().filter((n) => n === 'captchaChallenge')).toHaveLength(2);
  });

  it('a submit with no token goes to CAPTCHA_SCREEN, then on with the token once it comes', async () => {
    const h = harness();
    await h.open('login', 'LANDING');
    h.runner.dispatch({ type: 'submitEmail', email: 'a@example.com' });
    expect(h.state().screen).toBe('CAPTCHA_SCREEN');
    expect(h.state().captcha?.status).toBe('loading');
    expect(h.names()).toEqual(['captchaChallenge']);
    h.last('captchaChallenge').resolve(challenge());
    await vi.waitFor(() => expect(h.state().captcha?.status).toBe('success'));
    await h.clock.advance(DELAY.captchaPolling);
    expect(h.state().screen).toBe('LANDING');
    expect(h.last('sendEmailCode').args[1]).toMatch(/^ey/);
  });

  it('retries a failure 3 times, 500 ms apart, then shows the hint; Try again runs it once more', async () => {
    const h = harness();
    await h.open('login', 'LANDING');
    h.runner.dispatch({ type: 'submitEmail', email: 'a@example.com' });
    for (let attempt = 0; attempt < 4; attempt++) {
      h.last('captchaChallenge').reject(new Error('blocked'));
      await h.clock.advance(DELAY.captchaAutoExecute);
    }
    expect(h.names().filter((n) => n === 'captchaChallenge')).toHaveLength(4);
    expect(h.state().captcha).toMatchObject({ status: 'error', hint: true });
    expect(h.state().screen).toBe('CAPTCHA_SCREEN');
    h.runner.dispatch({ type: 'captchaRetry' });
    expect(h.state().captcha).toMatchObject({ status: 'loading', hint: false });
    h.last('captchaChallenge').resolve(challenge());
    await vi.waitFor(() => expect(h.state().captcha?.status).toBe('success'));
    await h.clock.advance(DELAY.captchaPolling);
    expect(h.names()).toContain('sendEmailCode');
  });

  it('fails with captcha_timeout after 20 s of polls; the error button goes back and runs the captcha again', async () => {
    const h = harness();
    await h.open('login', 'LANDING');
    h.runner.dispatch({ type: 'submitEmail', email: 'a@example.com' });
    await h.clock.advance(TIMEOUT.captchaWait - DELAY.captchaPolling);
    expect(h.state().screen).toBe('CAPTCHA_SCREEN');
    await h.clock.advance(DELAY.captchaPolling);
    expect(h.state().screen).toBe('ERROR_SCREEN');
    expect(h.state().error?.code).toBe('captcha_timeout');
    h.runner.dispatch({ type: 'errorAction' });
    expect(h.state().screen).toBe('LANDING');
    await h.clock.advance(DELAY.captchaAutoExecute);
    expect(h.names().filter((n) => n === 'captchaChallenge')).toHaveLength(2);
  });

  it('an expired token is forgotten and the captcha runs again', async () => {
    const h = harness();
    await h.open('login', 'LANDING');
    await h.clock.advance(DELAY.captchaInitial);
    h.last('captchaChallenge').resolve(challenge());
    await vi.waitFor(() => expect(h.state().captcha?.status).toBe('success'));
    const { run } = h.state().captcha ?? { run: 0 };
    h.runner.dispatch({ type: 'captchaExpired', run: run - 1 }); // an older run's: ignored
    expect(h.state().captcha?.status).toBe('success');
    h.runner.dispatch({ type: 'captchaExpired', run });
    expect(h.state().captcha).toMatchObject({ status: 'ready', token: null });
    await h.clock.advance(DELAY.captchaAutoExecute);
    expect(h.state().captcha?.status).toBe('loading');
  });

  it('invalid_captcha from the server: ERROR_SCREEN, whose button also resets the captcha', async () => {
    const h = harness();
    await h.open('login', 'LANDING');
    await h.clock.advance(DELAY.captchaInitial);
    h.last('captchaChallenge').resolve(challenge());
    await vi.waitFor(() => expect(h.state().captcha?.status).toBe('success'));
    h.runner.dispatch({ type: 'submitEmail', email: 'a@example.com' });
    await h.clock.advance(DELAY.captchaAutoExecute);
    h.last('sendEmailCode').reject({ code: 'invalid_captcha', status: 400, message: 'The captcha token is invalid.' });
    await h.clock.flush();
    expect(h.state().screen).toBe('ERROR_SCREEN');
    const runs = h.names().filter((n) => n === 'captchaChallenge').length;
    h.runner.dispatch({ type: 'errorAction' });
    expect(h.state().screen).toBe('LANDING');
    await h.clock.advance(DELAY.captchaAutoExecute);
    expect(h.names().filter((n) => n === 'captchaChallenge')).toHaveLength(runs + 1);
  });

  it("a site key with no known prefix: CAPTCHA_SCREEN says 'Unsupported captcha site key' (no run)", async () => {
    const h = harness('x:abc');
    await h.open('login', 'LANDING');
    await h.clock.advance(DELAY.captchaInitial);
    expect(h.state().captcha).toMatchObject({ status: 'error', unsupported: true });
    h.runner.dispatch({ type: 'submitEmail', email: 'a@example.com' });
    expect(h.state().screen).toBe('CAPTCHA_SCREEN');
    expect(h.names()).toEqual([]);
  });

  it('captcha off: nothing runs, the init goes without a token', async () => {
    const h = createFlowHarness({ deferred: ['sendEmailCode', 'captchaChallenge'] });
    await h.open('login', 'LANDING');
    await h.clock.advance(DELAY.captchaInitial);
    expect(h.state().captcha).toBeUndefined();
    h.runner.dispatch({ type: 'submitEmail', email: 'a@example.com' });
    expect(h.last('sendEmailCode').args).toEqual(['a@example.com', undefined, undefined]);
  });
});
