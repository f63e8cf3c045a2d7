import type { User } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import { createEmbeddedWalletController } from './embeddedWalletController.js';
import { EmbeddedWalletError } from './embeddedWalletError.js';

const ADDRESS = `0x${'a'.repeat(40)}` as const;
const GRANT = 'grant-of-the-fresh-login-0123456789';

const withWallet: User = {
  id: 'did:latch:u',
  createdAt: new Date(0),
  linkedAccounts: [
    { type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' },
  ] as unknown as User['linkedAccounts'],
  mfaMethods: [],
  hasAcceptedTerms: true,
};
const withoutWallet: User = { ...withWallet, linkedAccounts: [] };

/** A scripted frame recording calls in order; `register` decides how latch:device:register answers. */
function fakeBridge(register: () => Promise<void> = async () => {}) {
  const calls: string[] = [];
  const bridge: EmbeddedWalletBridge = {
    ready: async () => {},
    create: async () => {
      calls.push('create');
      return { address: ADDRESS };
    },
    connect: async () => {
      calls.push('connect');
      return { address: ADDRESS };
    },
    recover: async () => ({ address: ADDRESS }),
    setRecoveryPassword: async () => ({ address: ADDRESS }),
    rpc: async (data) => {
      calls.push('rpc');
      return { method: data.request.method, result: '0x5157' };
    },
    registerDevice: async (data) => {
      calls.push(`register:${data.accessToken}:${data.deviceGrant}`);
      await register();
    },
    clear: async () => void calls.push('clear'),
    destroy: () => void calls.push('destroy'),
  };
  return { bridge, calls };
}

/** A client holding one device grant (taken once), like LatchClient after a login. */
function clientWithGrant(refreshed: User, grant: string | null = GRANT) {
  let held = grant;
  return {
    getAccessToken: async () => 'token-1',
    refreshUser: async () => refreshed,
    takeDeviceGrant() {
      const taken = held;
      held = null;
      return taken;
    },
    holds: () => held !== null,
  };
}

describe('device registration (custody v2)', () => {
  it('registers the device with the login grant before connecting, once', async () => {
    const { bridge, calls } = fakeBridge();
    const client = clientWithGrant(withWallet);
    const controller = createEmbeddedWalletController(client, bridge);
    await Promise.all([controller.registerDevice(), controller.connect(withWallet)]);
    await controller.signMessage(withWallet, 'hi');
    expect(calls).toEqual([`register:token-1:${GRANT}`, 'connect', 'rpc']);
    expect(client.holds()).toBe(false);
  });

  it('registers right before the first create when nothing registered it at login', async () => {
    const { bridge, calls } = fakeBridge();
    const controller = createEmbeddedWalletController(clientWithGrant(withWallet), bridge);
    await controller.createForUser(withoutWallet);
    expect(calls).toEqual([`register:token-1:${GRANT}`, 'create']);
    // Without a grant (a reloaded page: the device registered at its login), nothing is registered.
    const reloaded = fakeBridge();
    await createEmbeddedWalletController(clientWithGrant(withWallet, null), reloaded.bridge).createForUser(
      withoutWallet,
    );
    expect(reloaded.calls).toEqual(['create']);
  });

  it('uses a refused grant up, and keeps one the frame never answered for the next call', async () => {
    const refused = fakeBridge(async () => {
      throw new EmbeddedWalletError('invalid_device_grant', 'x', 'error');
    });
    const controller = createEmbeddedWalletController(clientWithGrant(withWallet), refused.bridge);
    await expect(controller.registerDevice()).rejects.toMatchObject({ code: 'invalid_device_grant' });
    // Connecting still goes on: the frame itself says whether this device is registered.
    await controller.connect(withWallet);
    expect(refused.calls).toEqual([`register:token-1:${GRANT}`, 'connect']);

    let answers = false;
    const slow = fakeBridge(async () => {
      if (!answers) throw new EmbeddedWalletError('client_request_timeout', 'x', 'timeout');
    });
    const retrying = createEmbeddedWalletController(clientWithGrant(withWallet), slow.bridge);
    await expect(retrying.registerDevice()).rejects.toMatchObject({ code: 'client_request_timeout' });
    answers = true;
    await retrying.registerDevice();
    await retrying.registerDevice();
    expect(slow.calls).toEqual([`register:token-1:${GRANT}`, `register:token-1:${GRANT}`]);
  });

  it('forgets connections and an unredeemed grant on reset (logout, another user)', async () => {
    const { bridge, calls } = fakeBridge();
    const client = clientWithGrant(withWallet);
    const controller = createEmbeddedWalletController(client, bridge);
    await controller.connect(withWallet);
    await controller.signMessage(withWallet, 'one');
    controller.reset();
    // A fresh frame after the reset: the wallet must be connected again before it signs.
    await controller.signMessage(withWallet, 'two');
    expect(calls).toEqual([`register:token-1:${GRANT}`, 'connect', 'rpc', 'connect', 'rpc']);

    let release: () => void = () => {};
    const held = fakeBridge(
      () =>
        new Promise<void>((_, reject) => {
          release = () => reject(new EmbeddedWalletError('client_request_timeout', 'x', 'timeout'));
        }),
    );
    const pending = createEmbeddedWalletController(clientWithGrant(withWallet), held.bridge);
    const registering = pending.registerDevice();
    await Promise.resolve();
    await Promise.resolve();
    pending.reset();
    release();
    await expect(registering).rejects.toThrow();
    // The timed-out grant belonged to the previous user: it is not retried.
    await pending.registerDevice();
    expect(held.calls).toEqual([`register:token-1:${GRANT}`]);
  });
});
