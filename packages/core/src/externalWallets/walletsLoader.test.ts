import { createFlowRunner, createLatchClient, SCREEN } from '@latch/core';
import { createFakeClock, createFakeFetch } from '@latch/core/testing';
import { describe, expect, it } from 'vitest';
import { createWalletsLoader, type WalletsDeps } from './walletsLoader.js';

const CONTEXT = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false } as const;

/** A client that answers nothing useful (no request is made here) and a code-flow runner. */
function deps(): WalletsDeps {
  const { fetch } = createFakeFetch(() => ({ body: {} }));
  const clock = createFakeClock();
  const client = createLatchClient({ appId: 'a'.repeat(25), apiUrl: 'https://auth.example', fetch, clock });
  const runner = createFlowRunner({ actions: client, clock, handlers: () => ({}) });
  return { client, clock, runner, handlers: () => ({}), flowContext: () => CONTEXT };
}

describe('createWalletsLoader', () => {
  it('creates nothing until load(), then one runtime however often it is asked, and tells its subscribers', async () => {
    const loader = createWalletsLoader(deps());
    expect(loader.get()).toBeNull();
    let told = 0;
    loader.subscribe(() => {
      told += 1;
    });
    const [first, second] = await Promise.all([loader.load(), loader.load()]);
    expect(first).toBe(second);
    expect(loader.get()).toBe(first);
    expect(await loader.load()).toBe(first);
    expect(told).toBe(1);
  });

  it('destroyed while loading: the runtime created afterwards is destroyed and never shown', async () => {
    const loader = createWalletsLoader(deps());
    let told = 0;
    loader.subscribe(() => {
      told += 1;
    });
    const loading = loader.load();
    loader.destroy();
    await loading;
    expect(loader.get()).toBeNull();
    expect(told).toBe(0);
  });

  it('keeps the linking hint LINK_WALLET_SCREEN shows', () => {
    const loader = createWalletsLoader(deps());
    expect(loader.linkHint()).toBeNull();
    loader.setLinkHint('0x0000000000000000000000000000000000000001');
    expect(loader.linkHint()).toBe('0x0000000000000000000000000000000000000001');
  });

  it('refuses connectOrCreateWallet for a signed-in user (SPEC §5), allows it for a signed-out one', async () => {
    const wallets = await createWalletsLoader(deps()).load();
    expect(() => wallets.assertCanConnectOrCreate(true)).toThrow(/unauthenticated user with no connected wallets/);
    expect(() => wallets.assertCanConnectOrCreate(false)).not.toThrow();
  });

  it('closing the modal mid wallet flow ends the wallet flow (exited_auth_flow reported once)', async () => {
    const d = deps();
    const exits: string[] = [];
    d.handlers = () => ({ onExit: (error) => exits.push(error) });
    const wallets = await createWalletsLoader(d).load();
    d.runner.dispatch({ type: 'open', intent: 'login', screen: SCREEN.awaitingConnection, context: CONTEXT });
    // A flow in progress (its connector is missing, so it fails into the error state and stays there).
    wallets.runner.dispatch({
      type: 'select',
      wallet: { id: 'w', name: 'W', walletClientType: 'metamask', connectorType: 'injected' },
      intent: 'login',
      manualSign: false,
      context: CONTEXT,
    });
    await Promise.resolve();
    expect(wallets.runner.getState().status).not.toBe('disconnected');
    d.runner.dispatch({ type: 'close' });
    expect(wallets.runner.getState().status).toBe('disconnected');
    expect(exits).toEqual(['exited_auth_flow']);
  });
});
