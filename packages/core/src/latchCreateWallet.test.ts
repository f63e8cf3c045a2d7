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
  linkedAccounts: [{ type: 'wallet', address: FIXTURE_ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }],
} as unknown as User;

/** A signed-in client whose user is `user()` (null: signed out); setHostConfig is the only other call createLatch makes. */
function clientOf(user: () => User | null): LatchClient {
  const client = fakeSignedInClient(() => ({ user: user() as User, config: null }));
  return { ...client, setHostConfig: () => {} } as unknown as LatchClient;
}

describe('createWallet (SPEC §4 "Embedded wallet creation", on demand)', () => {
  it('creates through the frame with the 15000 ms direct-create wait and connects the new wallet', async () => {
    let user = withoutWallet;
    const waits: (number | undefined)[] = [];
    const bridge = {
      registerDevice: async () => {},
      create: async (_data: unknown, readyTimeoutMs?: number) => {
        waits.push(readyTimeoutMs);
        user = withWallet;
        return { address: FIXTURE_ADDRESS };
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
    expect(await runtime.createWallet(withoutWallet)).toBe(withWallet);
    expect(waits).toEqual([TIMEOUT.walletProxyDirect]);
    expect(TIMEOUT.walletProxyDirect).toBe(15_000);
    expect(runtime.getState().connection).toEqual({ address: FIXTURE_ADDRESS, status: 'ready' });
    // At login the creation flow's 30000 ms wait applies instead.
    user = withoutWallet;
    await runtime.createOnLogin(withoutWallet);
    expect(waits).toEqual([TIMEOUT.walletProxyDirect, TIMEOUT.walletProxyInCreationFlow]);
    runtime.destroy();
  });

  it('rejects with embedded_wallet_already_exists for a user who has one (not a host event: onError stays silent)', async () => {
    const onError = vi.fn();
    const latch = createLatch({ appId: APP_ID, clientId: 'client', client: clientOf(() => withWallet), onError });
    await expect(latch.createWallet()).rejects.toMatchObject({
      code: 'embedded_wallet_already_exists',
      message: 'Only one embedded wallet per user is currently allowed.',
    });
    expect(onError).not.toHaveBeenCalled();
    latch.destroy();
  });

  it('rejects with must_be_authenticated when signed out', async () => {
    const onError = vi.fn();
    const latch = createLatch({ appId: APP_ID, clientId: 'client', client: clientOf(() => null), onError });
    await expect(latch.createWallet()).rejects.toMatchObject({ code: 'must_be_authenticated' });
    expect(onError).toHaveBeenCalledWith('must_be_authenticated', expect.anything());
    latch.destroy();
  });
});
