import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { expectSessionToken, SESSION_HANDOFF_TTL_MS, sessionHandOffKey } from './expectSessionToken.js';
import { acceptsSessionToken, type HandOffOptions, takeHandOff } from './sessionHandOff.js';

const APP_ID = 'c'.repeat(25);

function setup(appId = APP_ID) {
  const clock = createFakeClock();
  const options: HandOffOptions = { storage: memoryStorage(), appId, clock };
  const expectHandOff = (o: HandOffOptions = options) => expectSessionToken(o.appId, o.storage ?? null, clock.now());
  return { clock, options, expectHandOff };
}

describe('session hand-off marker', () => {
  it('is taken once and only while it lives', async () => {
    const { clock, options, expectHandOff } = setup();
    expectHandOff(options);
    await clock.advance(SESSION_HANDOFF_TTL_MS - 1);
    expect(takeHandOff(options)).toBe(true);
    expect(takeHandOff(options)).toBe(false);
    expectHandOff(options);
    await clock.advance(SESSION_HANDOFF_TTL_MS);
    expect(takeHandOff(options)).toBe(false);
    expect(options.storage?.get(sessionHandOffKey(APP_ID))).toBeNull();
  });

  it('ignores a marker that is not a time, or no storage at all', () => {
    const { options } = setup();
    options.storage?.set(sessionHandOffKey(APP_ID), 'forever');
    expect(takeHandOff(options)).toBe(false);
    expect(takeHandOff({ ...options, storage: null })).toBe(false);
    expect(() => expectSessionToken(APP_ID, null)).toThrow(/sessionStorage/);
  });
});

describe('acceptsSessionToken (login CSRF)', () => {
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('refuses a token this tab did not ask for, and warns', () => {
    const warn = quiet();
    expect(acceptsSessionToken(setup().options, false)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('never replaces an existing session, even when a hand-off was expected (and spends the marker)', () => {
    const warn = quiet();
    const { options, expectHandOff } = setup();
    expectHandOff(options);
    expect(acceptsSessionToken(options, true)).toBe(false);
    expect(acceptsSessionToken(options, false)).toBe(false);
    warn.mockRestore();
  });

  it('accepts the token of a hand-off this signed-out tab started', () => {
    const { options, expectHandOff } = setup();
    expectHandOff(options);
    expect(acceptsSessionToken(options, false)).toBe(true);
  });

  it('keeps apps apart: another app’s marker does not count', () => {
    const warn = quiet();
    const { options, expectHandOff } = setup();
    expectHandOff({ ...options, appId: 'd'.repeat(25) });
    expect(acceptsSessionToken(options, false)).toBe(false);
    warn.mockRestore();
  });
});
