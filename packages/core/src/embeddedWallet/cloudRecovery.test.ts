import { type EmbeddedWalletBridge, EmbeddedWalletError } from '@latch/core';
import { createFakeClock } from '@latch/core/testing';
import type { User } from '@latch/protocol';
import type { WalletCreateData, WalletRecoverData, WalletSetRecoveryCloudData } from '@latch/protocol/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOUD_POPUP_POLL_MS } from './cloudPopupReturn.js';
import { createEmbeddedWalletRuntime } from './embeddedWalletRuntime.js';
import { fakeSignedInClient } from './embeddedWalletRuntimeFixture.js';

const ADDRESS = `0x${'d'.repeat(40)}` as const;
const HOST = 'https://host.example/app?tab=1';
const S = {
  selection: 'EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN',
  oauth: 'EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN',
} as const;

const userWith = (recoveryMethod: string | null) =>
  ({
    id: 'did:latch:u',
    linkedAccounts:
      recoveryMethod === null ? [] : [{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod }],
  }) as unknown as User;

/** The provider's window: its address reads only while it is on the host's origin (cross-origin reads throw). */
function fakePopup() {
  let href = 'about:blank';
  const popup = {
    closed: false,
    location: {
      get href() {
        if (href.startsWith('https://idp.example')) throw new Error('cross-origin');
        return href;
      },
      set href(next: string) {
        href = next;
      },
    },
    close() {
      popup.closed = true;
    },
    /** What the test reads (the real page could not). */
    address: () => href,
  };
  return popup;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A runtime over a scripted frame, in a page at HOST whose window.open gives fake popups. */
function setup(options: { recoveryMethod: string | null; onDevice: boolean; recoveryOptions?: string[] }) {
  const clock = createFakeClock();
  const popups: ReturnType<typeof fakePopup>[] = [];
  vi.stubGlobal('location', new URL(HOST));
  vi.stubGlobal('window', {
    screenX: 0,
    screenY: 0,
    outerWidth: 1000,
    outerHeight: 800,
    open: () => {
      const popup = fakePopup();
      popups.push(popup);
      return popup;
    },
  });
  let user = userWith(options.recoveryMethod);
  let onDevice = options.onDevice;
  const inits: { provider: string; purpose: string; redirectTo: string }[] = [];
  const created: WalletCreateData[] = [];
  const recovered: WalletRecoverData[] = [];
  const replaced: WalletSetRecoveryCloudData[] = [];
  const bridge: EmbeddedWalletBridge = {
    ready: async () => {},
    create: async (data) => {
      created.push(data);
      user = userWith(data.recoveryMethod ?? 'latch');
      return { address: ADDRESS };
    },
    connect: async () => {
      if (!onDevice) throw new EmbeddedWalletError('wallet_not_on_device', 'x', 'wallet_not_on_device');
      return { address: ADDRESS };
    },
    recover: async (data) => {
      recovered.push(data);
      if (data.cloudAuth?.authorizationCode === 'deleted') {
        throw new EmbeddedWalletError('cloud_backup_not_found', 'x', 'cloud_backup_not_found');
      }
      onDevice = true;
      return { address: ADDRESS };
    },
    setRecoveryPassword: async () => ({ address: ADDRESS }),
    cloudAuthInit: async (data) => {
      inits.push({ provider: data.provider, purpose: data.purpose, redirectTo: data.redirectTo });
      return { url: `https://idp.example/authorize?n=${inits.length}`, stateCode: `state-${inits.length}` };
    },
    setRecoveryCloud: async (data) => {
      replaced.push(data);
      user = userWith(data.provider);
      return { address: ADDRESS, recoveryMethod: data.provider };
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
  /** The callback sends the latest popup back to the host page with these parameters; one poll reads them. */
  const popupReturns = async (params: Record<string, string>) => {
    await vi.waitFor(() => expect(popups.at(-1)?.address()).toMatch(/^https:\/\/idp\.example/));
    const back = new URL(HOST);
    for (const [k, v] of Object.entries(params)) back.searchParams.set(k, v);
    (popups.at(-1) as ReturnType<typeof fakePopup>).location.href = back.toString();
    await clock.advance(CLOUD_POPUP_POLL_MS);
    await clock.flush();
  };
  return { clock, runtime, flow, popups, inits, created, recovered, replaced, popupReturns };
}

describe('cloud backups: recovery on a new device (SPEC §4 "Cloud method")', () => {
  it("waits for 'Confirm with Google'; a deleted backup fails with 'Try again'; the retry recovers", async () => {
    const t = setup({ recoveryMethod: 'google-drive', onDevice: false });
    t.runtime.watch();
    await vi.waitFor(() => expect(t.runtime.walletFlows.isOpen()).toBe(true));
    expect(t.flow().getState()).toMatchObject({
      screen: S.oauth,
      cloud: { method: 'google-drive', purpose: 'recover', busy: false, error: null },
    });
    // Nothing opens before the click: the popup needs the user's gesture.
    expect(t.popups).toHaveLength(0);
    t.flow().dispatch({ type: 'confirmCloud' });
    await t.popupReturns({ latch_recovery_code: 'deleted', latch_recovery_state: 'state-1' });
    expect(t.inits).toEqual([
      { provider: 'google-drive', purpose: 'recover', redirectTo: 'https://host.example/app?tab=1' },
    ]);
    expect(t.recovered[0]).toMatchObject({
      recoveryMethod: 'google-drive',
      cloudAuth: { authorizationCode: 'deleted', stateCode: 'state-1' },
    });
    expect(t.flow().getState().cloud).toMatchObject({ busy: false, error: 'cloud_backup_not_found' });
    expect(t.popups[0]?.closed).toBe(true);
    expect(t.runtime.getState().connection?.status).toBe('connecting');

    t.flow().dispatch({ type: 'confirmCloud' });
    await t.popupReturns({ latch_recovery_code: 'good', latch_recovery_state: 'state-2' });
    expect(t.runtime.walletFlows.isOpen()).toBe(false);
    expect(t.runtime.getState().connection).toEqual({ address: ADDRESS, status: 'ready' });
  });

  it('refuses a return with another state, and reads a closed window as the user declining', async () => {
    const t = setup({ recoveryMethod: 'icloud', onDevice: false });
    t.runtime.watch();
    await vi.waitFor(() => expect(t.runtime.walletFlows.isOpen()).toBe(true));
    t.flow().dispatch({ type: 'confirmCloud' });
    await t.popupReturns({ latch_recovery_code: 'good', latch_recovery_state: 'forged' });
    expect(t.flow().getState().cloud?.error).toBe('failed');
    expect(t.recovered).toEqual([]);

    t.flow().dispatch({ type: 'confirmCloud' });
    await vi.waitFor(() => expect(t.popups).toHaveLength(2));
    t.popups[1]?.close();
    await t.clock.advance(CLOUD_POPUP_POLL_MS * 3);
    await t.clock.flush();
    expect(t.flow().getState().cloud?.error).toBe('oauth_user_denied');

    t.flow().dispatch({ type: 'confirmCloud' });
    await t.popupReturns({ latch_recovery_error: 'oauth_user_denied', latch_recovery_state: 'state-3' });
    expect(t.flow().getState().cloud?.error).toBe('oauth_user_denied');
  });
});

describe('cloud backups: set-up', () => {
  it('the creation screen path: a cloud option creates the wallet backed up there', async () => {
    const t = setup({
      recoveryMethod: null,
      onDevice: true,
      recoveryOptions: ['user-passcode', 'icloud', 'google-drive'],
    });
    const done = t.runtime.walletFlows.create(userWith(null));
    await vi.waitFor(() => expect(t.runtime.walletFlows.isOpen()).toBe(true));
    expect(
      t
        .flow()
        .getState()
        .options.map((o) => o.method),
    ).toEqual(['google-drive', 'icloud', 'user-passcode']);
    t.flow().dispatch({ type: 'chooseOption', method: 'icloud' });
    expect(t.flow().getState()).toMatchObject({ screen: S.oauth, cloud: { purpose: 'backup', busy: true } });
    await t.popupReturns({ latch_recovery_code: 'ck-token', latch_recovery_state: 'state-1' });
    expect(t.inits[0]).toMatchObject({ provider: 'icloud', purpose: 'backup' });
    expect(t.created).toEqual([
      {
        accessToken: 'token',
        recoveryMethod: 'icloud',
        cloudAuth: { authorizationCode: 'ck-token', stateCode: 'state-1' },
      },
    ]);
    const user = await done;
    expect(user.linkedAccounts[0]).toMatchObject({ recoveryMethod: 'icloud' });
  });

  it('a failed backup can go back to the selection and choose the password', async () => {
    const t = setup({ recoveryMethod: null, onDevice: true, recoveryOptions: ['google-drive', 'user-passcode'] });
    void t.runtime.walletFlows.create(userWith(null));
    await vi.waitFor(() => expect(t.runtime.walletFlows.isOpen()).toBe(true));
    t.flow().dispatch({ type: 'chooseOption', method: 'google-drive' });
    // Waiting on the provider: no way back until it answers.
    t.flow().dispatch({ type: 'back' });
    expect(t.flow().getState().screen).toBe(S.oauth);
    await t.popupReturns({ latch_recovery_error: 'unknown_auth_error', latch_recovery_state: 'state-1' });
    expect(t.flow().getState().cloud).toMatchObject({ busy: false, error: 'failed', purpose: 'backup' });
    t.flow().dispatch({ type: 'back' });
    expect(t.flow().getState()).toMatchObject({ screen: S.selection, cloud: null });
    t.flow().dispatch({ type: 'chooseOption', method: 'user-passcode' });
    expect(t.flow().getState().screen).toBe('EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN');
  });

  it('setWalletRecovery: a password wallet switches to Google Drive; a cloud wallet is not offered the password', async () => {
    const t = setup({
      recoveryMethod: 'user-passcode',
      onDevice: true,
      recoveryOptions: ['google-drive', 'user-passcode'],
    });
    t.runtime.watch();
    await t.clock.flush();
    const done = t.runtime.walletFlows.setRecovery();
    await vi.waitFor(() => expect(t.runtime.walletFlows.isOpen()).toBe(true));
    expect(t.flow().getState().screen).toBe(S.selection);
    expect(
      t
        .flow()
        .getState()
        .options.map((o) => o.method),
    ).toEqual(['google-drive', 'user-passcode']);
    t.flow().dispatch({ type: 'chooseOption', method: 'google-drive' });
    await t.popupReturns({ latch_recovery_code: 'g-code', latch_recovery_state: 'state-1' });
    expect(t.replaced).toEqual([
      {
        accessToken: 'token',
        address: ADDRESS,
        provider: 'google-drive',
        cloudAuth: { authorizationCode: 'g-code', stateCode: 'state-1' },
      },
    ]);
    expect((await done).linkedAccounts[0]).toMatchObject({ recoveryMethod: 'google-drive' });

    // Now backed up to the cloud: the password is not offered, and setWalletPassword is refused (SPEC §5).
    const again = t.runtime.walletFlows.setRecovery();
    await vi.waitFor(() => expect(t.runtime.walletFlows.isOpen()).toBe(true));
    expect(
      t
        .flow()
        .getState()
        .options.map((o) => o.method),
    ).toEqual(['google-drive']);
    t.flow().dispatch({ type: 'close' });
    await expect(again).rejects.toThrow('user_exited_set_recovery_flow');
    await expect(t.runtime.walletFlows.setPassword()).rejects.toThrow(/cloud/);
  });
});
