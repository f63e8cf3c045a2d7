import type { User } from '@latch/protocol';
import type { LatchClient } from '../client.js';
import { createFakeClock } from '../testing/fakeClock.js';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import { createEmbeddedWalletRuntime } from './embeddedWalletRuntime.js';

/** The embedded wallet address of the fixture's user. */
export const FIXTURE_ADDRESS = `0x${'b'.repeat(40)}` as const;

const owner = {
  id: 'did:latch:u',
  linkedAccounts: [{ type: 'wallet', address: FIXTURE_ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }],
} as unknown as User;

/** A signed-in LatchClient as the runtime reads it: `state()` is read on every call, never pushed. */
export function fakeSignedInClient(state: () => { user: User; config: unknown }): LatchClient {
  return {
    getState: state,
    subscribe: () => () => {},
    getAccessToken: async () => 'token',
    analyticsId: () => 'analytics-id',
    refreshUser: async () => state().user,
    hasDeviceGrant: () => false,
    takeDeviceGrant: () => null,
  } as unknown as LatchClient;
}

/**
 * For the runtime's tests: the real runtime over a scripted frame bridge (records what it signs) and a
 * signed-in client; `sign` answers each signature, `hostOption` / `configOption` set noPromptOnSignature, `headless` the app's headless signing.
 */
export function setupEmbeddedWalletRuntime(
  options: {
    sign?: () => Promise<`0x${string}`>;
    hostOption?: boolean;
    configOption?: boolean;
    headless?: boolean;
  } = {},
) {
  const sign = options.sign ?? (async () => '0x5157');
  const clock = createFakeClock();
  const signed: string[] = [];
  // The display hints each signature reached the frame with.
  const displays: unknown[] = [];
  const bridge: EmbeddedWalletBridge = {
    ready: async () => {},
    create: async () => ({ address: FIXTURE_ADDRESS }),
    connect: async () => ({ address: FIXTURE_ADDRESS }),
    recover: async () => ({ address: FIXTURE_ADDRESS }),
    setRecoveryPassword: async () => ({ address: FIXTURE_ADDRESS }),
    rpc: async (data) => {
      signed.push(String(data.request.params[0]));
      displays.push(data.display);
      return { method: data.request.method, result: await sign() };
    },
    registerDevice: async () => {},
    clear: async () => {},
    destroy: () => {},
  };
  const config =
    options.configOption === undefined && options.headless === undefined
      ? null
      : {
          embeddedWallets: {
            noPromptOnSignature: options.configOption ?? false,
            headlessSigning: options.headless ?? false,
          },
        };
  const client = fakeSignedInClient(() => ({ user: owner, config }));
  const runtime = createEmbeddedWalletRuntime({
    client,
    apiUrl: 'https://auth.example',
    appId: 'a'.repeat(25),
    clock,
    bridge,
    noPromptOnSignature: () => options.hostOption,
  });
  return { clock, runtime, signed, displays };
}
