import { createHash } from 'node:crypto';
import { type AppConfig, DELAY, TIMEOUT } from '@latch/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createFlowHarness } from '../auth/testing/flowHarness.js';
import { INITIAL_STATE, type LatchState } from '../store.js';
import { walletCaptchaToken } from './walletCaptchaToken.js';

// The SIWE init's captcha token (SPEC §7), read from the modal's real captcha flow (flow runner on a fake clock).

/** A small real ALTCHA challenge whose secret number is 1234. */
function challenge() {
  const salt = 'abcd?app=x&max=5000&expires=4102444800&';
  const hash = createHash('sha256').update(`${salt}1234`).digest('hex');
  return { algorithm: 'SHA-256', challenge: hash, maxnumber: 5000, salt, signature: 'sig' };
}

function setup(options: { captcha: boolean; authenticated?: boolean }) {
  const clientState: LatchState = {
    ...INITIAL_STATE,
    authenticated: options.authenticated ?? false,
    config: { captchaEnabled: options.captcha, captchaSiteKey: options.captcha ? 'pow:1000' : null } as AppConfig,
  };
  const h = createFlowHarness({ deferred: ['captchaChallenge'], clientState });
  const token = walletCaptchaToken({ getState: () => clientState, runner: h.runner, clock: h.clock });
  return { h, token };
}

beforeAll(async () => {
  await import('../captcha/captchaChunk.js');
});

describe('the SIWE init captcha token (SPEC §7)', () => {
  it('with captcha on, takes the solved token of AWAITING_CONNECTION and spends it (the captcha runs again)', async () => {
    const { h, token } = setup({ captcha: true });
    await h.open('login', 'AWAITING_CONNECTION');
    await h.clock.advance(DELAY.captchaInitial);
    h.last('captchaChallenge').resolve(challenge());
    await vi.waitFor(() => expect(h.state().captcha?.status).toBe('success'));
    const solved = h.state().captcha?.token;
    expect(solved).toBeTruthy();

    await expect(token()).resolves.toBe(solved);
    // Single-use: forgotten, and run again for the next init.
    expect(h.state().captcha).toMatchObject({ status: 'ready', token: null });
    await h.clock.advance(DELAY.captchaAutoExecute);
    expect(h.names().filter((n) => n === 'captchaChallenge')).toHaveLength(2);
  });

  it('with no token yet, runs the captcha now and waits for its token', async () => {
    const { h, token } = setup({ captcha: true });
    await h.open('login', 'LANDING');
    const taken = token();
    expect(h.state().captcha?.status).toBe('loading');
    h.last('captchaChallenge').resolve(challenge());
    const value = await taken;
    expect(JSON.parse(atob(value ?? ''))).toMatchObject({ number: 1234, signature: 'sig' });
    expect(h.state().captcha).toMatchObject({ token: null });
  });

  it('gives up after TIMEOUT.captchaWait with no token (the server then refuses the init)', async () => {
    const { h, token } = setup({ captcha: true });
    await h.open('login', 'LANDING');
    const taken = token();
    await h.clock.advance(TIMEOUT.captchaWait);
    await expect(taken).resolves.toBeUndefined();
  });

  it('with captcha off, there is none and no captcha runs', async () => {
    const { h, token } = setup({ captcha: false });
    await h.open('login', 'LANDING');
    await expect(token()).resolves.toBeUndefined();
    await h.clock.advance(DELAY.captchaInitial);
    expect(h.names()).toEqual([]);
  });

  it('signed in (a link, with a bearer), there is none: the captcha is not spent', async () => {
    const { h, token } = setup({ captcha: true, authenticated: true });
    await h.open('login', 'AWAITING_CONNECTION');
    await h.clock.advance(DELAY.captchaInitial);
    h.last('captchaChallenge').resolve(challenge());
    await vi.waitFor(() => expect(h.state().captcha?.status).toBe('success'));
    await expect(token()).resolves.toBeUndefined();
    expect(h.state().captcha?.status).toBe('success');
  });
});
