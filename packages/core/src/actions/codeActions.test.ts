import { IDENTITY_API, PASSWORDLESS_API } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { createLatchClient } from '../client.js';
import { CODE_ACTIONS } from '../lazyActions.js';
import { memoryStorage } from '../storage.js';
import { serverAppConfig } from '../testing/appConfigFixture.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeFetch } from '../testing/fakeFetch.js';
import { codeActions } from './codeActions.js';

const APP_ID = 'c'.repeat(25);

describe('the client code actions (email and SMS, a lazy chunk)', () => {
  it('forwards every code action to the lazily loaded module', () => {
    const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://latch.test', storage: memoryStorage() });
    const all = Object.keys(codeActions({} as never));
    expect([...CODE_ACTIONS].sort()).toEqual(all.sort());
    for (const name of all) expect(typeof (client as unknown as Record<string, unknown>)[name]).toBe('function');
  });

  it('sends a code through the loaded module, before and after init', async () => {
    const server = createFakeFetch((request) =>
      request.path === IDENTITY_API.appConfig(APP_ID) ? { body: serverAppConfig(APP_ID) } : { body: {} },
    );
    const client = createLatchClient({
      appId: APP_ID,
      apiUrl: 'https://latch.test',
      storage: memoryStorage(),
      fetch: server.fetch,
    });
    await client.sendSmsCode(' +14155550100 ');
    await client.init();
    await client.sendEmailCode('ada@example.test', 'captcha-1');
    expect(server.to(PASSWORDLESS_API.smsInit)[0]?.body).toMatchObject({ phoneNumber: '+14155550100' });
    expect(server.to(PASSWORDLESS_API.emailInit)[0]?.body).toMatchObject({
      email: 'ada@example.test',
      token: 'captcha-1',
    });
  });

  it('waits out a server briefly unavailable while the user waits for the code (503 + Retry-After)', async () => {
    let sends = 0;
    const server = createFakeFetch((request) => {
      if (request.path === IDENTITY_API.appConfig(APP_ID)) return { body: serverAppConfig(APP_ID) };
      return ++sends === 1
        ? { status: 503, body: { error: 'service_unavailable', message: 'x' }, headers: { 'retry-after': '1' } }
        : { body: { success: true } };
    });
    const clock = createFakeClock();
    const client = createLatchClient({
      appId: APP_ID,
      apiUrl: 'https://latch.test',
      storage: memoryStorage(),
      fetch: server.fetch,
      clock,
    });
    const sent = client.sendEmailCode('ada@example.test');
    await clock.advance(1000);
    await expect(sent).resolves.toBeUndefined();
    expect(server.to(PASSWORDLESS_API.emailInit)).toHaveLength(2);
  });
});
