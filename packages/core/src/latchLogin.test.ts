import { errorBody, PASSWORDLESS_API } from '@latch/protocol';
import { describe, expect, it, vi } from 'vitest';
import { requestedLoginMethods } from './auth/landingLayout.js';
import { SCREEN } from './auth/screens.js';
import { createLatchClient } from './client.js';
import { createLatch } from './latch.js';
import { serverAppConfig } from './testing/appConfigFixture.js';
import { createFakeClock } from './testing/fakeClock.js';
import { createFakeFetch } from './testing/fakeFetch.js';

const APP_ID = 'a'.repeat(25);

/** A latch over a real client; the fake server refuses every code login as a sign-up (signup_disabled). */
async function setup() {
  const fake = createFakeFetch((request) => {
    if (request.path.startsWith(`/api/v1/apps/${APP_ID}`))
      return { body: serverAppConfig(APP_ID, { email_auth: true, sms_auth: true }) };
    if (request.path === PASSWORDLESS_API.emailAuthenticate) return { status: 403, body: errorBody('signup_disabled') };
    return { body: { success: true } };
  });
  const clock = createFakeClock();
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch: fake.fetch, clock });
  const hostOnError = vi.fn();
  const latch = createLatch({ appId: APP_ID, clientId: 'client', client, clock, onError: hostOnError });
  const stop = latch.start();
  await client.init();
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 0));
  };
  return { latch, fake, clock, hostOnError, until, stop };
}

describe('login(request, callbacks)', () => {
  it('keeps only the requested methods the app allows, in the app order; none allowed means all', () => {
    expect(requestedLoginMethods(['email', 'sms', 'google'], ['google', 'email', 'twitter'])).toEqual([
      'email',
      'google',
    ]);
    expect(requestedLoginMethods(['email', 'sms'], ['twitter'])).toEqual(['email', 'sms']);
    expect(requestedLoginMethods(['email', 'sms'], undefined)).toEqual(['email', 'sms']);
  });

  it("sends a disableSignup code login as mode 'no-signup' and shows signup_disabled on ERROR_SCREEN", async () => {
    const { latch, fake, clock, until, stop } = await setup();
    latch.login({ disableSignup: true, prefill: { type: 'email', value: 'ada@example.com' } });
    expect(latch.auth.getState().request).toEqual({
      disableSignup: true,
      prefill: { type: 'email', value: 'ada@example.com' },
    });
    latch.auth.dispatch({ type: 'submitEmail', email: 'ada@example.com' });
    await until(() => latch.auth.getState().otp.status === 'awaiting-code-input');
    latch.auth.dispatch({ type: 'submitCode', code: '123456' });
    await until(() => latch.auth.getState().screen === SCREEN.error);
    expect(fake.to(PASSWORDLESS_API.emailAuthenticate)[0]?.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
      mode: 'no-signup',
    });
    expect(latch.auth.getState().error?.code).toBe('signup_disabled');
    clock.advance(1000);
    stop();
    latch.destroy();
  });

  it('sends a plain login with no mode (log in or sign up)', async () => {
    const { latch, fake, until, stop } = await setup();
    latch.login();
    expect(latch.auth.getState().request).toBeNull();
    latch.auth.dispatch({ type: 'submitEmail', email: 'ada@example.com' });
    await until(() => latch.auth.getState().otp.status === 'awaiting-code-input');
    latch.auth.dispatch({ type: 'submitCode', code: '123456' });
    await until(() => fake.to(PASSWORDLESS_API.emailAuthenticate).length > 0);
    expect(fake.to(PASSWORDLESS_API.emailAuthenticate)[0]?.body).toEqual({ email: 'ada@example.com', code: '123456' });
    stop();
    latch.destroy();
  });

  it("calls one login's callbacks for that login only, besides the host's", async () => {
    const { latch, hostOnError, clock, stop } = await setup();
    const onError = vi.fn();
    latch.login(undefined, { onError });
    latch.auth.dispatch({ type: 'close' });
    expect(onError).toHaveBeenCalledWith('exited_auth_flow');
    expect(hostOnError).toHaveBeenCalledWith('exited_auth_flow');
    clock.advance(1000);
    latch.auth.dispatch({ type: 'cleared' });

    onError.mockClear();
    latch.login();
    latch.auth.dispatch({ type: 'close' });
    expect(onError).not.toHaveBeenCalled();
    expect(hostOnError).toHaveBeenCalledTimes(2);
    stop();
    latch.destroy();
  });
});
