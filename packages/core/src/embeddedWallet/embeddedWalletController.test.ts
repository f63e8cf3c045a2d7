import type { User, WalletRecoverData } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import { createEmbeddedWalletController } from './embeddedWalletController.js';
import { EmbeddedWalletError } from './embeddedWalletError.js';
import { createEmbeddedWalletProvider } from './embeddedWalletProvider.js';
import { createPasswordActions } from './recoveryPasswordActions.js';

const ADDRESS = `0x${'a'.repeat(40)}` as const;

function user(wallet?: { recoveryMethod: string }): User {
  const accounts = wallet
    ? [{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod: wallet.recoveryMethod }]
    : [];
  return {
    id: 'did:latch:u',
    createdAt: new Date(0),
    linkedAccounts: accounts as unknown as User['linkedAccounts'],
    mfaMethods: [],
    hasAcceptedTerms: true,
  };
}

/** A scripted frame: records calls; connect fails with wallet_not_on_device when `onDevice` is false. */
function fakeBridge(onDevice: boolean) {
  const calls: string[] = [];
  const recovered: WalletRecoverData[] = [];
  const bridge: EmbeddedWalletBridge = {
    ready: async () => {},
    create: async () => {
      calls.push('create');
      return { address: ADDRESS, recoveryMethod: 'latch' };
    },
    connect: async () => {
      calls.push('connect');
      if (!onDevice) throw new EmbeddedWalletError('wallet_not_on_device', 'x', 'wallet_not_on_device');
      return { address: ADDRESS };
    },
    recover: async (data) => {
      calls.push('recover');
      recovered.push(data);
      return { address: ADDRESS };
    },
    setRecoveryPassword: async () => {
      calls.push('set-recovery-password');
      return { address: ADDRESS, recoveryMethod: 'user-passcode' };
    },
    rpc: async (data) => {
      calls.push(`rpc:${data.request.method}`);
      return { method: data.request.method, result: '0x5157' };
    },
    registerDevice: async (data) => {
      calls.push(`register:${data.accessToken}:${data.deviceGrant}`);
    },
    clear: async () => {
      calls.push('clear');
    },
    destroy: () => {},
  };
  return { bridge, calls, recovered };
}

const client = (refreshed: User, token: string | null = 'token') => ({
  getAccessToken: async () => token,
  refreshUser: async () => refreshed,
});

describe('embedded wallet controller', () => {
  it('creates with provider-managed recovery and returns the refreshed user holding the wallet', async () => {
    const { bridge, calls } = fakeBridge(true);
    const controller = createEmbeddedWalletController(client(user({ recoveryMethod: 'latch' })), bridge);
    const refreshed = await controller.createForUser(user());
    expect(refreshed.linkedAccounts).toHaveLength(1);
    expect(await controller.signMessage(refreshed, 'hello')).toBe('0x5157');
    // The creating frame holds the wallet unlocked: no connect before signing.
    expect(calls).toEqual(['create', 'rpc:personal_sign']);
  });

  it("fails with SPEC's texts when the refreshed user has no wallet or there is no token", async () => {
    const { bridge } = fakeBridge(true);
    await expect(createEmbeddedWalletController(client(user()), bridge).createForUser(user())).rejects.toThrow(
      'Updated user is missing embedded wallet.',
    );
    await expect(createEmbeddedWalletController(client(user(), null), bridge).createForUser(user())).rejects.toThrow(
      'An error has occured, please login again.',
    );
  });

  it('recovers through provider-managed recovery on a device without the share, once', async () => {
    const { bridge, calls, recovered } = fakeBridge(false);
    const owner = user({ recoveryMethod: 'latch' });
    const controller = createEmbeddedWalletController(client(owner), bridge);
    await Promise.all([controller.connect(owner), controller.connect(owner)]);
    expect(calls).toEqual(['connect', 'recover']);
    expect(recovered[0]).toMatchObject({ address: ADDRESS, recoveryMethod: 'latch' });
    expect(recovered[0]?.password).toBeUndefined();
  });

  it('does not recover a password-protected wallet without its password', async () => {
    const { bridge, calls } = fakeBridge(false);
    const owner = user({ recoveryMethod: 'user-passcode' });
    await expect(createEmbeddedWalletController(client(owner), bridge).connect(owner)).rejects.toThrow(
      'Unsupported recovery method.',
    );
    expect(calls).toEqual(['connect']);
  });

  it('sends a password wallet on a new device to the password screen, and recovers with the password', async () => {
    const { bridge, calls, recovered } = fakeBridge(false);
    const owner = user({ recoveryMethod: 'user-passcode' });
    const asked: string[] = [];
    const controller = createEmbeddedWalletController(client(owner), bridge, {
      onPasswordRecoveryNeeded: async (wallet) => {
        asked.push(wallet.address);
        await actions.recoverWithPassword(owner, 'Correct-Horse-9');
      },
    });
    const actions = createPasswordActions({ client: client(owner), bridge, controller });
    expect((await controller.connect(owner)).address).toBe(ADDRESS);
    expect(asked).toEqual([ADDRESS]);
    expect(recovered[0]).toMatchObject({ recoveryMethod: 'user-passcode', password: 'Correct-Horse-9' });
    // Recovered: signing needs no second connect.
    await controller.signMessage(owner, 'hi');
    expect(calls).toEqual(['connect', 'recover', 'rpc:personal_sign']);
  });

  it('creates with a password, and sets a password on a connected wallet', async () => {
    const created: unknown[] = [];
    const { bridge, calls } = fakeBridge(true);
    const withPassword = user({ recoveryMethod: 'user-passcode' });
    const controller = createEmbeddedWalletController(client(withPassword), {
      ...bridge,
      create: async (data) => {
        created.push(data);
        return { address: ADDRESS };
      },
    });
    await controller.createForUser(user(), { password: 'Secret-123' });
    expect(created).toEqual([{ accessToken: 'token', recoveryMethod: 'user-passcode', password: 'Secret-123' }]);
    const actions = createPasswordActions({ client: client(withPassword), bridge, controller });
    const refreshed = await actions.setRecoveryPassword(withPassword, 'Other-456');
    expect(refreshed).toBe(withPassword);
    expect(calls).toEqual(['set-recovery-password']);
  });

  it('answers EIP-1193 requests: accounts, chain id, signing, and 4200 for the rest', async () => {
    const { bridge } = fakeBridge(true);
    const owner = user({ recoveryMethod: 'latch' });
    const controller = createEmbeddedWalletController(client(owner), bridge);
    const provider = createEmbeddedWalletProvider({ getUser: () => owner, controller, chainId: 8453 });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105');
    expect(await provider.request({ method: 'personal_sign', params: ['hi', ADDRESS] })).toBe('0x5157');
    expect(await provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, '{}'] })).toBe('0x5157');
    await expect(provider.request({ method: 'eth_sign' })).rejects.toMatchObject({ code: 4200 });
  });
});
