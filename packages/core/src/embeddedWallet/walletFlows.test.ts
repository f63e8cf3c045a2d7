import { type EmbeddedWalletBridge, EmbeddedWalletError } from '@latch/core';
import { createFakeClock } from '@latch/core/testing';
import type { User } from '@latch/protocol';
import type { WalletRecoverData } from '@latch/protocol/schemas';
import { describe, expect, it, vi } from 'vitest';
import { createEmbeddedWalletRuntime } from './embeddedWalletRuntime.js';
import { fakeSignedInClient } from './embeddedWalletRuntimeFixture.js';

const ADDRESS = `0x${'c'.repeat(40)}` as const;
const RIGHT = 'Right-Password-1';

const userWith = (recoveryMethod: string) =>
  ({
    id: 'did:latch:u',
    linkedAccounts: [{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod }],
  }) as unknown as User;

/** A runtime over a scripted frame: `onDevice` false is a new device; recover checks the password. */
function setup(options: { recoveryMethod: string; onDevice: boolean; recoveryOptions?: string[] }) {
  const clock = createFakeClock();
  let user = userWith(options.recoveryMethod);
  const recovered: WalletRecoverData[] = [];
  const passwords: string[] = [];
  let onDevice = options.onDevice;
  const bridge: EmbeddedWalletBridge = {
    ready: async () => {},
    create: async () => ({ address: ADDRESS }),
    connect: async () => {
      if (!onDevice) throw new EmbeddedWalletError('wallet_not_on_device', 'x', 'wallet_not_on_device');
      return { address: ADDRESS };
    },
    recover: async (data) => {
      recovered.push(data);
      if (data.password !== RIGHT) {
        throw new EmbeddedWalletError('invalid_recovery_pin', 'x', 'invalid_recovery_pin');
      }
      onDevice = true;
      return { address: ADDRESS };
    },
    setRecoveryPassword: async (data) => {
      passwords.push(data.password);
      user = userWith('user-passcode');
      return { address: ADDRESS, recoveryMethod: 'user-passcode' };
    },
    rpc: async (data) => ({ method: data.request.method, result: '0x5157' }),
    registerDevice: async () => {},
    clear: async () => {},
    destroy: () => {},
  };
  const client = fakeSignedInClient(() => ({
    user,
    config: { name: 'Wallet Co', embeddedWallets: { userOwnedRecoveryOptions: options.recoveryOptions ?? [] } },
  }));
  const runtime = createEmbeddedWalletRuntime({
    client,
    apiUrl: 'https://auth.example',
    appId: 'a'.repeat(25),
    clock,
    bridge,
  });
  const flow = () => {
    const session = runtime.walletFlows.session();
    if (!session) throw new Error('no session yet');
    return session.runner;
  };
  return { clock, runtime, flow, recovered, passwords };
}

describe('wallet flows in the runtime', () => {
  it('a password wallet on a new device opens the password screen; the right password makes it ready', async () => {
    const { clock, runtime, flow, recovered } = setup({ recoveryMethod: 'user-passcode', onDevice: false });
    runtime.watch();
    await vi.waitFor(() => expect(runtime.walletFlows.isOpen()).toBe(true));
    expect(flow().getState().screen).toBe('EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN');
    flow().dispatch({ type: 'recoveryPasswordChanged', password: 'Wrong-1' });
    flow().dispatch({ type: 'submitRecovery' });
    await clock.flush();
    expect(flow().getState().recovery.error).toBe('invalid_recovery_pin');
    expect(runtime.getState().connection?.status).toBe('connecting');
    flow().dispatch({ type: 'recoveryPasswordChanged', password: RIGHT });
    flow().dispatch({ type: 'submitRecovery' });
    await clock.flush();
    expect(runtime.walletFlows.isOpen()).toBe(false);
    expect(runtime.getState().connection).toEqual({ address: ADDRESS, status: 'ready' });
    expect(recovered.map((r) => [r.recoveryMethod, r.password])).toEqual([
      ['user-passcode', 'Wrong-1'],
      ['user-passcode', RIGHT],
    ]);
  });

  it('closing the password screen leaves the wallet not ready (connect fails)', async () => {
    const { clock, runtime, flow } = setup({ recoveryMethod: 'user-passcode', onDevice: false });
    runtime.watch();
    await vi.waitFor(() => expect(runtime.walletFlows.isOpen()).toBe(true));
    flow().dispatch({ type: 'close' });
    await clock.flush();
    expect(runtime.getState().connection?.status).toBe('error');
  });

  it('setWalletPassword: splash → password flow → the frame gets the password → resolves with the updated user', async () => {
    const { clock, runtime, flow, passwords } = setup({ recoveryMethod: 'latch', onDevice: true });
    runtime.watch();
    await clock.flush();
    const done = runtime.walletFlows.setPassword();
    await vi.waitFor(() => expect(runtime.walletFlows.isOpen()).toBe(true));
    expect(flow().getState().screen).toBe('EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN');
    const d = flow().dispatch;
    d({ type: 'addPassword' });
    d({ type: 'passwordChanged', password: 'Secret-123' });
    d({ type: 'continue' });
    d({ type: 'continue' });
    d({ type: 'confirmationChanged', confirmation: 'Secret-123' });
    d({ type: 'continue' });
    d({ type: 'acknowledge', checked: true });
    d({ type: 'submit' });
    await clock.advance(250);
    expect(passwords).toEqual(['Secret-123']);
    expect(flow().getState().password.result).toEqual({ ok: true });
    d({ type: 'close' });
    const updated = await done;
    expect(updated.linkedAccounts[0]).toMatchObject({ recoveryMethod: 'user-passcode' });
  });

  it("cancelling setWalletPassword rejects with 'user_exited_set_password_flow'", async () => {
    const { clock, runtime, flow } = setup({ recoveryMethod: 'user-passcode', onDevice: true });
    runtime.watch();
    await clock.flush();
    const done = runtime.walletFlows.setPassword();
    await vi.waitFor(() => expect(runtime.walletFlows.isOpen()).toBe(true));
    expect(flow().getState().password.reset).toBe(true);
    flow().dispatch({ type: 'close' });
    await expect(done).rejects.toThrow('user_exited_set_password_flow');
  });

  it('setWalletPassword on a wallet backed up to a cloud refuses with embedded_wallet_recovery_already_exists', async () => {
    const { runtime } = setup({ recoveryMethod: 'google-drive', onDevice: true });
    await expect(runtime.walletFlows.setPassword()).rejects.toMatchObject({
      code: 'embedded_wallet_recovery_already_exists',
    });
  });

  it('the creation screen path offers the cloud option the app enabled, and is not closable', async () => {
    const { runtime, flow } = setup({ recoveryMethod: 'latch', onDevice: true, recoveryOptions: ['google-drive'] });
    void runtime.walletFlows.create(userWith('latch'));
    await vi.waitFor(() => expect(runtime.walletFlows.isOpen()).toBe(true));
    expect(flow().getState().screen).toBe('EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN');
    expect(flow().getState().options).toEqual([{ method: 'google-drive' }]);
    flow().dispatch({ type: 'close' });
    expect(runtime.walletFlows.isOpen()).toBe(true);
  });
});
