import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { TEST_CALLBACK } from './oauthTestClient.js';

/**
 * One dev IdP (the OAuth stand-ins) for a test file: started before all its tests, its stand-ins reset
 * before each, closed after all. Returns the running IdP.
 */
export function sharedDevIdp(): () => DevIdp {
  let idp: DevIdp | undefined;
  beforeAll(async () => {
    idp = await startDevIdp({ redirectUris: [TEST_CALLBACK] });
  });
  afterAll(async () => {
    await idp?.close();
  });
  beforeEach(() => {
    for (const provider of Object.values(running().providers)) provider?.reset();
  });
  const running = (): DevIdp => {
    if (!idp) throw new Error('The dev IdP is not started: call sharedDevIdp() at the top of the file.');
    return idp;
  };
  return running;
}
