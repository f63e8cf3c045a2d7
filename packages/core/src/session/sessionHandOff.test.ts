import { describe, expect, it } from 'vitest';
import { codeChallengeOf } from '../oauth/pkce.js';
import { memoryStorage } from '../storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import {
  type HandOffOptions,
  requestHandOff,
  SESSION_HANDOFF_TTL_MS,
  sessionHandOffKey,
  takeVerifier,
} from './sessionHandOff.js';

const APP_ID = 'c'.repeat(25);

function setup(appId = APP_ID) {
  const clock = createFakeClock();
  const options: HandOffOptions = { storage: memoryStorage(), appId, clock };
  return { clock, options };
}

describe('a tab’s session hand-off request', () => {
  it('keeps a verifier whose S256 is the challenge it returns', async () => {
    const { options } = setup();
    const challenge = await requestHandOff(options);
    const verifier = takeVerifier(options);
    expect(verifier).not.toBeNull();
    expect(await codeChallengeOf(verifier!)).toBe(challenge);
  });

  it('is taken once and only while it lives', async () => {
    const { clock, options } = setup();
    await requestHandOff(options);
    await clock.advance(SESSION_HANDOFF_TTL_MS - 1);
    expect(takeVerifier(options)).not.toBeNull();
    expect(takeVerifier(options)).toBeNull();
    await requestHandOff(options);
    await clock.advance(SESSION_HANDOFF_TTL_MS);
    expect(takeVerifier(options)).toBeNull();
    expect(options.storage?.get(sessionHandOffKey(APP_ID))).toBeNull();
  });

  it('ignores a stored value that is not a request, or no storage at all', async () => {
    const { options } = setup();
    options.storage?.set(sessionHandOffKey(APP_ID), 'forever');
    expect(takeVerifier(options)).toBeNull();
    expect(takeVerifier({ ...options, storage: null })).toBeNull();
    await expect(requestHandOff({ ...options, storage: null })).rejects.toThrow(/sessionStorage/);
  });

  it('keeps apps apart: another app’s request does not count', async () => {
    const { options } = setup();
    await requestHandOff({ ...options, appId: 'd'.repeat(25) });
    expect(takeVerifier(options)).toBeNull();
  });
});
