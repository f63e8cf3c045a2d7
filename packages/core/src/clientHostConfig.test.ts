import { IDENTITY_API } from '@latch/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLatchClient } from './client.js';
import { missingOriginMessage } from './originDiagnostic.js';
import { memoryStorage } from './storage.js';
import { serverAppConfig } from './testing/appConfigFixture.js';
import { createFakeClock } from './testing/fakeClock.js';

const APP_ID = 'h'.repeat(25);

afterEach(() => vi.restoreAllMocks());

function setup(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer());
  const clock = createFakeClock();
  const client = createLatchClient({
    appId: APP_ID,
    apiUrl: 'https://auth.test',
    storage: memoryStorage(),
    clock,
    fetch: fetch as unknown as typeof globalThis.fetch,
    location: { href: () => null, replace: () => {} },
  });
  // The config call retries a network failure (RETRY) on the fake clock.
  const initWithRetries = async () => {
    const done = client.init();
    for (let i = 0; i < 5; i++) await clock.advance(1000);
    return done;
  };
  return { client, fetch, initWithRetries };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the client merges the host config', () => {
  it('applies host options given before and after the config arrives, and keeps an equal config as it is', async () => {
    const { client } = setup(() => json(200, serverAppConfig(APP_ID, { google_oauth: true })));
    client.setHostConfig({ loginMethods: ['google', 'email'] });
    await client.init();
    const first = client.getState().config;
    expect(first?.loginMethods).toEqual(['google', 'email']);
    expect(first?.appearance.palette.colors?.accent).toBe('#676FFF');

    const renders: unknown[] = [];
    client.subscribe(() => renders.push(client.getState().config));
    client.setHostConfig({ loginMethods: ['google', 'email'] }); // a re-render's equal props
    await vi.waitFor(() => expect(renders).toEqual([]));
    client.setHostConfig({ loginMethods: ['email'], appearance: { theme: 'dark', accentColor: '#FFD400' } });
    await vi.waitFor(() => expect(client.getState().config?.loginMethods).toEqual(['email']));
    expect(client.getState().config?.appearance.palette).toMatchObject({
      colorScheme: 'dark',
      colors: { fill: '#FFD400', contrast: '#000000' },
    });
    expect(renders).toHaveLength(1);
    client.destroy();
  });
});

describe('the missing-origin message (dev builds)', () => {
  it('after a network failure, a readable invalid_origin names the origin and the CLI command', async () => {
    vi.stubGlobal('location', { origin: 'http://evil.test:5173' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const { client, fetch, initWithRetries } = setup(() => {
      calls++;
      // The widget's own call (custom headers, preflighted) fails as a blocked CORS call does; the simple GET reads the 403.
      if (calls <= 3) throw new TypeError('Failed to fetch');
      return json(403, { error: 'invalid_origin', message: 'Origin not allowed.' });
    });
    await initWithRetries();
    expect(client.getState().error?.code).toBe('client_network_error');
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error.mock.calls[0]?.[0]).toBe(missingOriginMessage('http://evil.test:5173', APP_ID));
    expect(error.mock.calls[0]?.[0]).toContain(`latch-server apps update ${APP_ID} --origin http://evil.test:5173`);
    const probe = fetch.mock.calls.at(-1);
    expect(String(probe?.[0])).toBe(`https://auth.test${IDENTITY_API.appConfig(APP_ID)}`);
    expect(probe?.[1]).toEqual({ credentials: 'omit' }); // no custom header: no preflight
    vi.unstubAllGlobals();
    client.destroy();
  });

  it('prints nothing when the server is simply unreachable', async () => {
    vi.stubGlobal('location', { origin: 'http://localhost:5173' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, fetch, initWithRetries } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await initWithRetries();
    await vi.waitFor(() => expect(fetch.mock.calls.at(-1)?.[1]).toEqual({ credentials: 'omit' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(error).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    client.destroy();
  });
});
