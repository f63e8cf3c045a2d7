import type { User } from '@latch/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { LatchClient } from '../client.js';
import type { EmbeddedWalletBridge } from '../embeddedWallet/embeddedWalletBridge.js';
import { createEmbeddedWalletRuntime } from '../embeddedWallet/embeddedWalletRuntime.js';
import { createFakeClock } from '../testing/fakeClock.js';

const ADDRESS = `0x${'c'.repeat(40)}`;
const SIGNED = {
  signedUrl: 'https://buy.test/?s=1',
  externalTransactionId: 'ext_1',
  statusUrl: 'https://api.test/ext_1',
};
const ada = {
  id: 'ada',
  linkedAccounts: [{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }],
} as unknown as User;

/** The real runtime over a client whose user a test signs out, with the on-ramp on; the frame is a stub. */
function setup() {
  const listeners = new Set<() => void>();
  let user: User | null = ada;
  const signed: unknown[] = [];
  const client = {
    getState: () => ({
      user,
      config: {
        fiatOnRamp: { enabled: true, useSandbox: true },
        appearance: { palette: { accent: '#112233', colorScheme: 'dark' } },
        embeddedWallets: { createOnLogin: 'off' },
        mfa: { methods: [] },
      },
    }),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    authedRequest: async (_path: string, body: unknown) => {
      signed.push(body);
      return SIGNED;
    },
    getAccessToken: async () => 'token',
    analyticsId: () => 'analytics-id',
    hasDeviceGrant: () => false,
  } as unknown as LatchClient;
  const bridge = {
    connect: async () => ({ address: ADDRESS }),
    clear: async () => {},
    destroy: () => {},
  } as unknown as EmbeddedWalletBridge;
  const clock = createFakeClock();
  const runtime = createEmbeddedWalletRuntime({ client, apiUrl: 'https://auth.test', appId: 'a', clock, bridge });
  const signOut = () => {
    user = null;
    for (const listener of [...listeners]) listener();
  };
  return { runtime, signed, clock, signOut };
}

describe("the runtime's funding (Latch.fundWallet)", () => {
  it("opens the funding in the runtime's state (the dialog opens on it), on the wallet's current chain", async () => {
    const t = setup();
    const stop = t.runtime.watch();
    expect(t.runtime.getState().funding).toBeNull();
    void t.runtime.funding.fundWallet();
    // The first fundWallet() loads the on-ramp's modules.
    await vi.waitFor(() => expect(t.runtime.getState().funding?.step).toBe('prompt'));
    // No chains given: the wallet is on Ethereum (1), so ETH on Ethereum; the widget's dark scheme and accent.
    expect(t.signed).toEqual([
      {
        address: ADDRESS,
        useSandbox: true,
        config: { currencyCode: 'eth', uiConfig: { accentColor: '#112233', theme: 'dark' } },
      },
    ]);
    expect(t.runtime.getState().funding?.step).toBe('prompt');
    stop();
  });

  it('logout closes the funding: its caller hears how far it got, polling stops', async () => {
    const t = setup();
    const stop = t.runtime.watch();
    const result = t.runtime.funding.fundWallet();
    await vi.waitFor(() => expect(t.runtime.getState().funding?.step).toBe('prompt'));
    t.signOut();
    expect(t.runtime.getState().funding).toBeNull();
    await expect(result).resolves.toEqual({ status: null });
    expect(t.clock.pendingTimers()).toBe(0);
    stop();
  });
});
