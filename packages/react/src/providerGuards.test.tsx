import { createLatch, createLatchClient } from '@latch/core';
import { createFakeClock, createFakeFetch, serverAppConfig } from '@latch/core/testing';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useLogin } from './hooks/useLogin.js';
import { LatchProvider, type LatchProviderProps } from './LatchProvider.js';

const APP_ID = 'a'.repeat(25);

function newLatch() {
  const { fetch } = createFakeFetch(() => ({ body: serverAppConfig(APP_ID, { email_auth: true }) }));
  const clock = createFakeClock();
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  return createLatch({ appId: APP_ID, clientId: 'client', client, clock });
}

describe('LatchProvider guards', () => {
  it("renders an unknown locale in 'en' with one console warning instead of throwing", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const latch = newLatch();
    const props = { latch, locale: 'xx-unknown' } as unknown as LatchProviderProps;
    for (let i = 0; i < 2; i++)
      expect(renderToString(<LatchProvider {...props}>host page</LatchProvider>)).toContain('host page');
    expect(warn.mock.calls.filter(([text]) => String(text).includes('"xx-unknown"'))).toHaveLength(1);
    warn.mockRestore();
  });

  it('refuses a missing apiUrl in a production build, and keeps the localhost default in development', () => {
    const previous = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      expect(() => createLatch({ appId: APP_ID, clientId: 'client' })).toThrow(/apiUrl is required in production/);
      expect(() =>
        createLatch({ appId: APP_ID, clientId: 'client', apiUrl: 'https://auth.example' }).destroy(),
      ).not.toThrow();
      process.env.NODE_ENV = 'development';
      expect(() => createLatch({ appId: APP_ID, clientId: 'client' }).destroy()).not.toThrow();
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it("useLogin's login opens LANDING with this call's request", () => {
    const latch = newLatch();
    let login: ReturnType<typeof useLogin>['login'] = () => undefined;
    function Probe() {
      ({ login } = useLogin());
      return null;
    }
    renderToString(
      <LatchProvider latch={latch}>
        <Probe />
      </LatchProvider>,
    );
    login({ loginMethods: ['email'], prefill: { type: 'email', value: 'ada@example.com' } });
    expect(latch.auth.getState()).toMatchObject({
      screen: 'LANDING',
      request: { loginMethods: ['email'], prefill: { type: 'email', value: 'ada@example.com' } },
    });
  });
});
