import { createFakeClock, type EmbeddedWalletBridge, type LatchClient } from '@latch/core';
import type { User } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { createEmbeddedWalletRuntime } from './embeddedWalletRuntime.js';

const ADDRESS = `0x${'b'.repeat(40)}` as const;
const owner = {
  id: 'did:latch:u',
  linkedAccounts: [{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }],
} as unknown as User;

function setup(options: { hostOption?: boolean; configOption?: boolean }) {
  const clock = createFakeClock();
  const signed: string[] = [];
  const bridge: EmbeddedWalletBridge = {
    ready: async () => {},
    create: async () => ({ address: ADDRESS }),
    connect: async () => ({ address: ADDRESS }),
    recover: async () => ({ address: ADDRESS }),
    setRecoveryPassword: async () => ({ address: ADDRESS }),
    rpc: async (data) => {
      signed.push(String(data.request.params[0]));
      return { method: data.request.method, result: '0x5157' };
    },
    destroy: () => {},
  };
  const config =
    options.configOption === undefined ? null : { embeddedWallets: { noPromptOnSignature: options.configOption } };
  const client = {
    getState: () => ({ user: owner, config }),
    subscribe: () => () => {},
    getAccessToken: async () => 'token',
    analyticsId: () => 'analytics-id',
    refreshUser: async () => owner,
  } as unknown as LatchClient;
  const runtime = createEmbeddedWalletRuntime({
    client,
    apiUrl: 'https://auth.example',
    appId: 'a'.repeat(25),
    clock,
    bridge,
    noPromptOnSignature: () => options.hostOption,
  });
  return { clock, runtime, signed };
}

describe('noPromptOnSignature', () => {
  it('host option set: signs at once, no sign request screen', async () => {
    const { runtime, signed } = setup({ hostOption: true });
    const seen: unknown[] = [];
    runtime.subscribe(() => seen.push(runtime.getState().signRequest));
    expect(await runtime.provider.request({ method: 'personal_sign', params: ['hello', ADDRESS] })).toBe('0x5157');
    expect(signed).toEqual(['hello']);
    expect(seen.filter(Boolean)).toEqual([]);
  });

  it("unset by the host: the app config's value decides; the host's false wins over the config", async () => {
    const fromConfig = setup({ configOption: true });
    expect(await fromConfig.runtime.provider.request({ method: 'personal_sign', params: ['a', ADDRESS] })).toBe(
      '0x5157',
    );
    expect(fromConfig.runtime.getState().signRequest).toBeNull();

    const hostSaysPrompt = setup({ hostOption: false, configOption: true });
    const pending = hostSaysPrompt.runtime.provider.request({ method: 'personal_sign', params: ['b', ADDRESS] });
    await hostSaysPrompt.clock.flush();
    expect(hostSaysPrompt.runtime.getState().signRequest).toMatchObject({ payload: 'b', status: 'pending' });
    expect(hostSaysPrompt.signed).toEqual([]);
    hostSaysPrompt.runtime.rejectSignRequest();
    await expect(pending).rejects.toMatchObject({ code: 4001 });
  });
});
