import { DELAY, LatchError, type StepUpVerifyRequest, type User } from '@latch/protocol';
import { STEP_UP_API } from '@latch/protocol/stepUp';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { stepUpActionOf } from './stepUpActionOf.js';
import type { StepUpState } from './stepUpFlow.js';
import { createStepUpRuntime } from './stepUpRuntime.js';

const EMAIL = { type: 'email', id: 'ada@example.com', label: 'a***@example.com' } as const;

/** A signed-in client whose calls answer like the server: one factor, code 123456. */
function fakeClient() {
  const calls: Array<{ path: string; body: unknown }> = [];
  const listeners = new Set<() => void>();
  let user: User | null = { id: 'did:latch:ada' } as User;
  return {
    calls,
    signOut() {
      user = null;
      for (const listener of listeners) listener();
    },
    getState: () => ({ user }),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async authedRequest<T>(path: string, body?: unknown): Promise<T> {
      calls.push({ path, body });
      if (path === STEP_UP_API.factors) return { factors: [EMAIL] } as T;
      if (path === STEP_UP_API.init) return { type: 'email', destination: 'a***@example.com' } as T;
      if ((body as StepUpVerifyRequest).code !== '123456') throw new LatchError('invalid_credentials');
      return { action: (body as StepUpVerifyRequest).action, expires_at: 0 } as T;
    },
  };
}

function setup() {
  const client = fakeClient();
  const clock = createFakeClock();
  const published: Array<StepUpState | null> = [];
  const runtime = createStepUpRuntime({ client, clock, publish: (state) => published.push(state) });
  return { client, clock, runtime, state: () => runtime.getState() };
}

describe('step-up runtime', () => {
  it('runs a code step-up end to end on the fake clock and lets the waiting action go on', async () => {
    const { client, clock, runtime, state } = setup();
    let settled = '';
    runtime.request('link', new LatchError('step_up_required')).then(() => {
      settled = 'resolved';
    });
    await clock.flush();
    expect(state()).toMatchObject({ status: 'choosing', factors: [EMAIL] });
    runtime.dispatch({ type: 'pick', factor: EMAIL });
    await clock.flush();
    expect(state()).toMatchObject({ status: 'code', destination: 'a***@example.com' });
    expect(client.calls[1]).toEqual({
      path: STEP_UP_API.init,
      body: { action: 'link', factor: { type: 'email', id: EMAIL.id } },
    });

    // A wrong code: the error at once, the boxes clear only after the named delay.
    runtime.dispatch({ type: 'submitCode', code: '000000' });
    await clock.flush();
    expect(state()).toMatchObject({ status: 'code', error: 'invalid_credentials', codeKey: 0 });
    await clock.advance(DELAY.codeBoxesClearAfterFailure - 1);
    expect(state()?.codeKey).toBe(0);
    await clock.advance(1);
    expect(state()?.codeKey).toBe(1);

    runtime.dispatch({ type: 'submitCode', code: '123456' });
    await clock.flush();
    expect(state()).toBeNull();
    expect(settled).toBe('resolved');
    expect(client.calls.at(-1)?.body).toMatchObject({ action: 'link', code: '123456' });
  });

  it('cancel fails the waiting action with its own error; so does signing out', async () => {
    const { client, clock, runtime } = setup();
    const refused = new LatchError('step_up_required', 'Confirm first.');
    const first = runtime.request('unlink', refused);
    await clock.flush();
    runtime.dispatch({ type: 'cancel' });
    await expect(first).rejects.toBe(refused);

    const second = runtime.request('export', refused);
    await clock.flush();
    client.signOut();
    await expect(second).rejects.toBe(refused);
    expect(runtime.getState()).toBeNull();
  });

  it('gate steps up for a gated call and rethrows for any other', async () => {
    const { clock, runtime } = setup();
    const refused = new LatchError('step_up_required');
    await expect(runtime.gate('/api/v1/users/me', undefined, refused)).rejects.toBe(refused);
    const gated = runtime.gate('/api/v1/passwordless_sms/link', {}, refused);
    await clock.flush();
    expect(runtime.getState()?.action).toBe('link');
    runtime.dispatch({ type: 'cancel' });
    await expect(gated).rejects.toBe(refused);
  });
});

describe('stepUpActionOf', () => {
  it('names the action of each gated call', () => {
    expect(stepUpActionOf('/api/v1/passwordless/link')).toBe('link');
    expect(stepUpActionOf('/api/v1/passkeys/link/init')).toBe('link');
    expect(stepUpActionOf('/api/v1/oauth/init')).toBe('link');
    expect(stepUpActionOf('/api/v1/telegram/link')).toBe('link');
    expect(stepUpActionOf('/api/v1/siwe/unlink')).toBe('unlink');
    expect(stepUpActionOf('/api/v1/passwordless/update')).toBe('update_login');
    expect(stepUpActionOf('/api/v1/passwordless/init', { purpose: 'update-old' })).toBe('update_login');
    expect(stepUpActionOf('/api/v1/passwordless/init', { purpose: 'login' })).toBeNull();
    expect(stepUpActionOf('/api/v1/users/me')).toBeNull();
  });
});
