import { TIMEOUT, type User } from '@latch/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { LatchClient } from './client.js';
import type { EmbeddedWalletBridge } from './embeddedWallet/embeddedWalletBridge.js';
import { createEmbeddedWalletRuntime } from './embeddedWallet/embeddedWalletRuntime.js';
import { FIXTURE_ADDRESS, fakeSignedInClient } from './embeddedWallet/embeddedWalletRuntimeFixture.js';
import { createLatch } from './latch.js';
import { createFakeClock } from './testing/fakeClock.js';

const APP_ID = 'a'.repeat(25);
const withoutWallet = { id: 'did:latch:u', linkedAccounts: [], mfaMethods: [] } as unknown as User;
const withWallet = {
  ...withoutWallet,
  linkedAccounts: [{ type: 'wallet', address: FIXTURE_ADDRESS, walletClientType: 'latch', imported: true }],
} as unknown as User;
const display = { locale: 'es' };

/** A runtime over a bridge whose frame answers `latch:wallet:import` with `answer` (records what it was sent). */
function importing(answer: () => Promise<{ address: `0x${string}` }>) {
  let user = withoutWallet;
  const sent: unknown[] = [];
  const bridge = {
    ready: async () => {},
    registerDevice: async () => {},
    importWallet: async (data: unknown, readyTimeoutMs?: number) => {
      sent.push({ data, readyTimeoutMs });
      const result = await answer();
      user = withWallet;
      return result;
    },
    clear: async () => {},
    destroy: () => {},
  } as unknown as EmbeddedWalletBridge;
  const runtime = createEmbeddedWalletRuntime({
    client: fakeSignedInClient(() => ({ user, config: null })),
    apiUrl: 'https://auth.example',
    appId: APP_ID,
    clock: createFakeClock(),
    bridge,
  });
  return { runtime, sent };
}

// The import logic loads on first use (a dynamic import): wait for its screen.
const opened = (runtime: ReturnType<typeof importing>['runtime']) =>
  vi.waitFor(() => expect(runtime.importer.getState()).toMatchObject({ status: 'placing' }));

describe('importWallet (issue #32): the frame reads the key, the host only opens the screen', () => {
  it('opens the screen, posts latch:wallet:import once the frame is placed (15000 ms wait), resolves with the user', async () => {
    const { runtime, sent } = importing(async () => ({ address: FIXTURE_ADDRESS }));
    const done = runtime.importer.importWallet(withoutWallet);
    await opened(runtime);
    expect(sent).toEqual([]);
    runtime.importer.dispatch({ type: 'placed', run: 1, display });
    expect(await done).toBe(withWallet);
    expect(sent).toEqual([{ data: { accessToken: 'token', display }, readyTimeoutMs: TIMEOUT.walletProxyDirect }]);
    expect(JSON.stringify(sent)).not.toMatch(/key/i);
    expect(runtime.importer.getState()).toBeNull();
    expect(runtime.getState().connection).toEqual({ address: FIXTURE_ADDRESS, status: 'ready' });
    runtime.destroy();
  });

  it('a refusal is shown on the screen and rejects; closing the screen cancels', async () => {
    const refused = Object.assign(new Error('Log in again to import a wallet.'), { code: 'fresh_login_required' });
    const { runtime } = importing(() => Promise.reject(refused));
    const done = runtime.importer.importWallet(withoutWallet);
    await opened(runtime);
    runtime.importer.dispatch({ type: 'placed', run: 1, display });
    await expect(done).rejects.toBe(refused);
    expect(runtime.importer.getState()).toMatchObject({ status: 'error', error: refused });
    runtime.importer.dispatch({ type: 'close' });
    const again = runtime.importer.importWallet(withoutWallet);
    await opened(runtime);
    runtime.importer.dispatch({ type: 'close' });
    await expect(again).rejects.toMatchObject({ code: 'client_request_cancelled' });
    runtime.destroy();
  });

  it('latch.importWallet refuses a user who has a wallet (no onError) and a signed-out caller', async () => {
    const onError = vi.fn();
    const client = (user: User | null) =>
      ({ ...fakeSignedInClient(() => ({ user: user as User, config: null })), setHostConfig: () => {} }) as unknown;
    const latch = createLatch({ appId: APP_ID, clientId: 'c', client: client(withWallet) as LatchClient, onError });
    await expect(latch.importWallet()).rejects.toMatchObject({ code: 'embedded_wallet_already_exists' });
    expect(onError).not.toHaveBeenCalled();
    latch.destroy();
    const out = createLatch({ appId: APP_ID, clientId: 'c', client: client(null) as LatchClient, onError });
    await expect(out.importWallet()).rejects.toMatchObject({ code: 'must_be_authenticated' });
    out.destroy();
  });
});
