import { DELAY } from '@latch/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREEN } from '../auth/screens.js';
import { createFlowHarness, testUser } from '../auth/testing/flowHarness.js';
import { createLatch } from '../latch.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createMachineCore } from './machineCore.js';

// LatchOptions.testDelayScale: e2e suites hurry SPEC's screen delays; deadlines stay whole; a shipped page refuses it.
describe('the test-only delay scale', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const machine = (delayScale: number) => {
    const clock = Object.assign(createFakeClock(), { delayScale });
    const core = createMachineCore<string[], string, never>({
      initial: [],
      transition: (state, event) => ({ state: [...state, event], effects: [] }),
      clock,
      run: () => {},
    });
    return { clock, core };
  };

  it('fires a flow delay at ms × scale, and a timeout at its full ms', async () => {
    const { clock, core } = machine(0.1);
    core.after(DELAY.successClose, 'closed');
    core.after(300_000, 'timedOut', true);
    await clock.advance(DELAY.successClose * 0.1 - 1);
    expect(core.getState()).toEqual([]);
    await clock.advance(1);
    expect(core.getState()).toEqual(['closed']);
    await clock.advance(300_000 - DELAY.successClose * 0.1 - 1);
    expect(core.getState()).toEqual(['closed']);
    await clock.advance(1);
    expect(core.getState()).toEqual(['closed', 'timedOut']);
  });

  it("a real login flow: 'Success!' closes after successClose × scale", async () => {
    const clock = Object.assign(createFakeClock(), { delayScale: 0.05 });
    const t = createFlowHarness({ deferred: ['sendEmailCode', 'loginWithEmailCode'], clock });
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'submitEmail', email: 'ada@example.com' });
    t.last('sendEmailCode').resolve(undefined);
    await clock.flush();
    t.runner.dispatch({ type: 'submitCode', code: '123456' });
    t.last('loginWithEmailCode').resolve({ user: testUser({ hasAcceptedTerms: true }), isNewUser: false });
    await clock.flush();
    expect(t.state().otp.status).toBe('done');
    await clock.advance(DELAY.successClose * 0.05 - 1);
    expect(t.state().phase).toBe('open');
    await clock.advance(1);
    expect(t.state().phase).toBe('closing');
  });

  it('createLatch runs its flows on the clock scaled by testDelayScale (the given clock without it)', async () => {
    const clock = createFakeClock();
    const options = { appId: 'a'.repeat(25), clientId: 'client', apiUrl: 'https://auth.example', clock };
    const context = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false } as const;
    for (const [testDelayScale, afterOneMs] of [
      [undefined, 'opening'],
      [0.05, 'open'],
    ] as const) {
      const latch = createLatch({ ...options, testDelayScale });
      latch.auth.dispatch({ type: 'open', intent: 'login', screen: SCREEN.landing, context });
      // The dialog opens DELAY.modalOpen (15 ms) after its screen is set: 0.75 ms at 0.05.
      await clock.advance(1);
      expect(latch.auth.getState().phase).toBe(afterOneMs);
    }
  });

  it('a production build refuses it with a clear error (and createLatch with it)', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const message = 'Latch: testDelayScale is for tests, not production builds.';
    const options = { appId: 'a'.repeat(25), clientId: 'client', apiUrl: 'https://auth.example' };
    expect(() => createLatch({ ...options, testDelayScale: 0.05 })).toThrow(message);
    expect(() => createLatch(options)).not.toThrow();
  });
});
