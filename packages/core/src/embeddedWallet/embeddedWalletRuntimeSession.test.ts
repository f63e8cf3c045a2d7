import type { EmbeddedWalletBridge, LatchClient } from '@latch/core';
import { createFakeClock } from '@latch/core/testing';
import type { User } from '@latch/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createEmbeddedWalletRuntime } from './embeddedWalletRuntime.js';

const ADDRESS = `0x${'c'.repeat(40)}` as const;
const GRANT = 'grant-of-the-fresh-login-0123456789';

const person = (id: string, wallet: boolean): User =>
  ({
    id,
    linkedAccounts: wallet
      ? [{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }]
      : [],
  }) as unknown as User;

/** A LatchClient whose user and config a test changes (notifying subscribers), holding a device grant. */
function scriptedClient(createOnLogin: string, prompt: boolean, mfaMethods: string[]) {
  const listeners = new Set<() => void>();
  let user: User | null = null;
  let grant: string | null = null;
  const client = {
    getState: () => ({
      user,
      config: {
        embeddedWallets: { createOnLogin, noPromptOnSignature: !prompt, headlessSigning: !prompt },
        mfa: { methods: mfaMethods },
      },
    }),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getAccessToken: async () => (user ? `token-of-${user.id}` : null),
    analyticsId: () => 'analytics-id',
    // The server's answer after a create: the user now holds the wallet.
    refreshUser: async () => (user ? person(user.id, true) : null),
    hasDeviceGrant: () => grant !== null,
    takeDeviceGrant() {
      const taken = grant;
      grant = null;
      return taken;
    },
  } as unknown as LatchClient;
  const setUser = (next: User | null, nextGrant: string | null = null) => {
    grant = nextGrant;
    user = next;
    for (const listener of [...listeners]) listener();
  };
  return { client, setUser, holdsGrant: () => grant !== null };
}

/** The runtime over a frame that records every call in order. */
function setup(createOnLogin = 'users-without-wallets', prompt = false, mfaMethods: string[] = []) {
  const clock = createFakeClock();
  const calls: string[] = [];
  const bridge: EmbeddedWalletBridge = {
    ready: async () => {},
    create: async (data) => {
      calls.push(`create:${data.accessToken}`);
      return { address: ADDRESS };
    },
    connect: async (data) => {
      calls.push(`connect:${data.accessToken}`);
      return { address: ADDRESS };
    },
    recover: async () => ({ address: ADDRESS }),
    setRecoveryPassword: async () => ({ address: ADDRESS }),
    rpc: async (data) => {
      calls.push(`rpc:${data.accessToken}`);
      return { method: data.request.method, result: '0x5157' };
    },
    registerDevice: async (data) => void calls.push(`register:${data.accessToken}:${data.deviceGrant}`),
    clear: async () => void calls.push('clear'),
    destroy: () => void calls.push('destroy'),
  };
  const scripted = scriptedClient(createOnLogin, prompt, mfaMethods);
  const runtime = createEmbeddedWalletRuntime({
    client: scripted.client,
    apiUrl: 'https://auth.example',
    appId: 'a'.repeat(25),
    clock,
    bridge,
  });
  const stop = runtime.watch();
  return { clock, calls, runtime, stop, ...scripted };
}

describe('embedded wallet runtime: device registration and logout (custody v2)', () => {
  it('registers the device at login when the app creates wallets, before the create', async () => {
    const t = setup('users-without-wallets');
    const ada = person('ada', false);
    t.setUser(ada, GRANT);
    await t.clock.flush();
    expect(t.calls).toEqual([`register:token-of-ada:${GRANT}`]);
    expect(t.holdsGrant()).toBe(false);
    await t.runtime.createOnLogin(ada);
    expect(t.calls).toEqual([`register:token-of-ada:${GRANT}`, 'create:token-of-ada']);
  });

  it("keeps the grant until the first create when the app's createOnLogin is 'off'", async () => {
    const t = setup('off');
    const ada = person('ada', false);
    t.setUser(ada, GRANT);
    await t.clock.flush();
    expect(t.calls).toEqual([]);
    expect(t.holdsGrant()).toBe(true);
    await t.runtime.controller.createForUser(ada);
    expect(t.calls).toEqual([`register:token-of-ada:${GRANT}`, 'create:token-of-ada']);
  });

  it("registers at login when the app has MFA methods (enrolment is a frame call), even 'off' and walletless", async () => {
    const t = setup('off', false, ['totp']);
    t.setUser(person('ada', false), GRANT);
    await t.clock.flush();
    expect(t.calls).toEqual([`register:token-of-ada:${GRANT}`]);
    expect(t.holdsGrant()).toBe(false);
  });

  it("registers then connects a user who has a wallet, even when createOnLogin is 'off'", async () => {
    const t = setup('off');
    t.setUser(person('ada', true), GRANT);
    await t.clock.flush();
    expect(t.calls).toEqual([`register:token-of-ada:${GRANT}`, 'connect:token-of-ada']);
    expect(t.runtime.getState().connection).toEqual({ address: ADDRESS, status: 'ready' });
  });

  it('on logout clears and removes the frame and refuses the open sign request; a new login connects afresh', async () => {
    const t = setup();
    const ada = person('ada', true);
    t.setUser(ada, GRANT);
    await t.clock.flush();
    await t.runtime.provider.request({ method: 'personal_sign', params: ['one', ADDRESS] });
    expect(t.calls.at(-1)).toBe('rpc:token-of-ada');

    t.calls.length = 0;
    t.setUser(null);
    await t.clock.flush();
    expect(t.calls).toEqual(['clear', 'destroy']);
    expect(t.runtime.getState()).toEqual({
      connection: null,
      signRequest: null,
      sendTransaction: null,
      mfa: null,
      funding: null,
    });

    // Logged in again: nothing cached from before, the wallet is connected on the new frame first.
    t.setUser(ada, 'grant-of-the-second-login-012345678');
    await t.clock.flush();
    await t.runtime.provider.request({ method: 'personal_sign', params: ['two', ADDRESS] });
    expect(t.calls).toEqual([
      'clear',
      'destroy',
      'register:token-of-ada:grant-of-the-second-login-012345678',
      'connect:token-of-ada',
      'rpc:token-of-ada',
    ]);
  });

  it('on another user clears and removes the frame before connecting the new one', async () => {
    const t = setup();
    t.setUser(person('ada', true), GRANT);
    await t.clock.flush();
    t.calls.length = 0;
    t.setUser(person('bob', true));
    await t.clock.flush();
    expect(t.calls).toEqual(['clear', 'destroy', 'connect:token-of-bob']);
    // The same user again (a refreshed user object) changes nothing.
    t.setUser(person('bob', true));
    await t.clock.flush();
    expect(t.calls).toEqual(['clear', 'destroy', 'connect:token-of-bob']);
  });

  it('refuses a sign request made just before a logout, while its screen was still loading', async () => {
    const t = setup('users-without-wallets', true);
    t.setUser(person('ada', true));
    await t.clock.flush();
    const signature = t.runtime.provider.request({ method: 'personal_sign', params: ['racing', ADDRESS] });
    t.setUser(null);
    await expect(signature).rejects.toMatchObject({ code: 4001 });
    expect(t.runtime.getState().signRequest).toBeNull();
    t.stop();
  });

  it('refuses a sign request waiting on its screen when the user logs out, without signing', async () => {
    const t = setup('users-without-wallets', true);
    t.setUser(person('ada', true));
    await t.clock.flush();
    const signature = t.runtime.provider.request({ method: 'personal_sign', params: ['late', ADDRESS] });
    await vi.waitFor(() => expect(t.runtime.getState().signRequest).not.toBeNull());
    expect(t.runtime.getState().signRequest?.status).toBe('pending');
    t.setUser(null);
    await expect(signature).rejects.toMatchObject({ code: 4001 });
    expect(t.runtime.getState().signRequest).toBeNull();
    // Approving afterwards reaches no frame.
    t.runtime.approveSignRequest();
    await t.clock.flush();
    expect(t.calls.filter((call) => call.startsWith('rpc'))).toEqual([]);
    t.stop();
  });
});
