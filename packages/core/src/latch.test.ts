import { describe, expect, it, vi } from 'vitest';
import { SCREEN } from './auth/screens.js';
import { createLatchClient } from './client.js';
import { createLatch } from './latch.js';
import { serverAppConfig } from './testing/appConfigFixture.js';
import { createFakeClock } from './testing/fakeClock.js';
import { createFakeFetch } from './testing/fakeFetch.js';

const APP_ID = 'a'.repeat(25);

/** A latch over a real client whose server is a fake fetch answering the app config. */
function setup(config: Record<string, unknown> = {}) {
  const { fetch } = createFakeFetch((request) =>
    request.path.startsWith(`/api/v1/apps/${APP_ID}`)
      ? { body: serverAppConfig(APP_ID, { email_auth: true, ...config }) }
      : { body: { success: true } },
  );
  const clock = createFakeClock();
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  const onError = vi.fn();
  const latch = createLatch({ appId: APP_ID, clientId: 'client', client, clock, onError });
  return { latch, client, clock, onError };
}

const settled = async (client: { getState(): { status: string } }) => {
  for (let i = 0; i < 50 && client.getState().status === 'loading'; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('createLatch', () => {
  it('keeps the auth flow on the loaded app config once started', async () => {
    const { latch, client } = setup({ embedded_wallet_config: { create_on_login: 'all-users' } });
    const stop = latch.start();
    await settled(client);
    expect(client.getState().status).toBe('ready');
    expect(latch.auth.getState().context.createOnLogin).toBe('all-users');
    stop();
    latch.destroy();
  });

  it('reports an exit from the login flow to the latest onError, but not from a wallet connection screen', async () => {
    const { latch, client, onError } = setup();
    const stop = latch.start();
    await settled(client);
    const latest = vi.fn();
    latch.setOptions({ onError: latest });

    latch.login();
    expect(latch.auth.getState().screen).toBe(SCREEN.landing);
    latch.auth.dispatch({ type: 'close' });
    expect(latest).toHaveBeenCalledWith('exited_auth_flow');
    expect(onError).not.toHaveBeenCalled();

    // On AWAITING_CONNECTION the wallet connection flow owns the outcome: the auth flow stays silent.
    latest.mockClear();
    latch.auth.dispatch({ type: 'cleared' });
    latch.auth.dispatch({
      type: 'open',
      intent: 'login',
      screen: SCREEN.awaitingConnection,
      context: latch.auth.getState().context,
    });
    latch.auth.dispatch({ type: 'close' });
    expect(latest).not.toHaveBeenCalled();
    stop();
    latch.destroy();
  });

  it('asks for a logged-in user before a link flow', async () => {
    const { latch, client } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = latch.start();
    await settled(client);
    latch.linkEmail();
    expect(latch.auth.getState().phase).toBe('closed');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('must_be_authenticated'));
    warn.mockRestore();
    stop();
    latch.destroy();
  });
});
