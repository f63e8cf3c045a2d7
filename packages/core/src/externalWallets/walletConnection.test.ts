import { LatchError, type User } from '@latch/protocol';
import { recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import type { SignedSiweMessage } from '../actions/walletActions.js';
import type { FlowContext } from '../auth/flowTypes.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createInjectedConnector } from './injectedConnector.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';
import { requiresManualSign, SIGN_WITH_WALLET_TEXT } from './walletConnection.js';
import { createWalletConnectionRunner } from './walletConnectionRunner.js';
import type { ChosenWallet, WalletIntent } from './walletConnectionTypes.js';

const user = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  createdAt: new Date(0),
  linkedAccounts: [],
  mfaMethods: [],
  hasAcceptedTerms: false,
  ...overrides,
});

const CONTEXT: FlowContext = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false };

/** The flow over a fake third-party wallet (real key) and recorded stand-in client actions. */
function setup(
  options: {
    chainId?: number;
    connectorType?: string;
    walletClientType?: string;
    loginError?: unknown;
    createEmbeddedWallet?: (user: User) => Promise<User>;
  } = {},
) {
  const clock = createFakeClock();
  const account = privateKeyToAccount(generatePrivateKey());
  const provider = createFakeEip1193Provider(account, options.chainId ?? 1);
  const chosen: ChosenWallet = {
    id: 'w1',
    name: 'MetaMask',
    walletClientType: options.walletClientType ?? 'metamask',
    connectorType: options.connectorType ?? 'injected',
  };
  const connector = {
    ...createInjectedConnector({ ...chosen, icon: null, rdns: 'io.metamask', source: 'eip6963', provider }, { clock }),
    connectorType: chosen.connectorType,
  };
  const events: string[] = [];
  // SPEC §8 host events (onError), apart from the outcome events.
  const errors: string[] = [];
  const signed: Array<{ message: string; signature: `0x${string}`; chainId: number }> = [];
  const prepared: string[] = [];
  let loginError = options.loginError;
  const authenticate = (body: SignedSiweMessage) => {
    signed.push({ message: body.message, signature: body.signature as `0x${string}`, chainId: body.chainId });
    if (loginError) {
      const error = loginError;
      loginError = undefined;
      throw error;
    }
  };
  const runner = createWalletConnectionRunner({
    connectorFor: (id) => (id === chosen.id ? connector : undefined),
    clock,
    actions: {
      prepareWalletSignIn: async (wallet) => {
        const nonce = `n${prepared.length + 1}`;
        prepared.push(nonce);
        return { ...wallet, nonce, message: `sign in ${wallet.address} on ${wallet.chainId} with ${nonce}` };
      },
      loginWithWalletSignature: async (body) => {
        authenticate(body);
        return { user: user(), isNewUser: true };
      },
      linkWalletSignature: async (body) => {
        authenticate(body);
        return user();
      },
      acceptTerms: async () => {
        events.push('acceptTerms');
        return user({ hasAcceptedTerms: true });
      },
      logout: async () => void events.push('logout'),
    },
    handlers: () => ({
      onConnected: (id, connection) => events.push(`connected:${id}:${connection.chainId}`),
      onComplete: (result) => events.push(`complete:${result.intent}:${result.isNewUser}`),
      onExit: (error) => events.push(`exit:${error}`),
      onClose: () => events.push('close'),
      onError: (event) => errors.push(event),
      createEmbeddedWallet: options.createEmbeddedWallet,
    }),
  });
  const select = (
    intent: WalletIntent = 'login',
    extra: { manualSign?: boolean; supportedChainIds?: number[]; context?: Partial<FlowContext> } = {},
  ) =>
    runner.dispatch({
      type: 'select',
      wallet: chosen,
      intent,
      manualSign: extra.manualSign ?? false,
      supportedChainIds: extra.supportedChainIds,
      context: { ...CONTEXT, ...extra.context },
    });
  const methods = () => provider.calls.map((c) => c.method);
  return {
    clock,
    account,
    provider,
    runner,
    events,
    errors,
    signed,
    prepared,
    select,
    methods,
    state: () => runner.getState(),
  };
}

describe('wallet connection flow (SPEC §4 "Wallet connection")', () => {
  it('on desktop connects, prompts the signature by itself, and closes 1400 ms after the login', async () => {
    const t = setup();
    t.select();
    expect(t.state().status).toBe('connecting');
    await t.clock.flush();
    expect(t.methods()).toEqual(['eth_chainId', 'eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    expect(await recoverMessageAddress(t.signed[0]!)).toBe(t.account.address);
    expect(t.state()).toMatchObject({ status: 'connected', signIn: 'done', postLogin: 'closing' });
    const calls = t.methods().length;
    t.select();
    expect(t.state()).toMatchObject({ signIn: 'done', postLogin: 'closing' });
    await t.clock.flush();
    expect(t.methods()).toHaveLength(calls);
    await t.clock.advance(1399);
    expect(t.events).toEqual([]);
    await t.clock.advance(1);
    expect(t.events).toEqual(['complete:login:true', 'close']);
    expect(t.state().status).toBe('disconnected');
  });

  it('on mobile, WalletConnect and Coinbase waits for the Sign with your wallet button', async () => {
    expect(SIGN_WITH_WALLET_TEXT).toBe('Sign with your wallet');
    expect(requiresManualSign({ isMobile: true, connectorType: 'injected' })).toBe(true);
    expect(requiresManualSign({ isMobile: false, connectorType: 'wallet_connect_v2' })).toBe(true);
    expect(requiresManualSign({ isMobile: false, connectorType: 'coinbase_wallet' })).toBe(true);
    expect(requiresManualSign({ isMobile: false, connectorType: 'injected' })).toBe(false);
    const t = setup();
    t.select('login', { manualSign: true });
    await t.clock.advance(60_000);
    expect(t.state()).toMatchObject({ status: 'connected', signIn: 'ready' });
    expect(t.methods()).not.toContain('personal_sign');
    t.runner.dispatch({ type: 'signWithWallet' });
    await t.clock.flush();
    expect(t.methods().at(-1)).toBe('personal_sign');
    expect(t.state().signIn).toBe('done');
  });

  it('waits 2500 ms before the signing prompt of MetaMask over WalletConnect', async () => {
    const t = setup({ connectorType: 'wallet_connect_v2' });
    t.select('login', { manualSign: true });
    await t.clock.flush();
    t.runner.dispatch({ type: 'signWithWallet' });
    await t.clock.advance(2499);
    expect(t.methods()).not.toContain('personal_sign');
    await t.clock.advance(1);
    expect(t.methods().at(-1)).toBe('personal_sign');
  });

  it('shows you rejected the request on 4001, and Retry connects again', async () => {
    const t = setup();
    t.provider.script('eth_requestAccounts', { errorCode: 4001 });
    t.select();
    await t.clock.flush();
    expect(t.state()).toMatchObject({
      status: 'error',
      connection: null,
      error: { kind: 'user_rejected', text: 'you rejected the request', retryable: true },
    });
    t.runner.dispatch({ type: 'retry' });
    expect(t.state()).toMatchObject({ status: 'connecting', retries: 1 });
    await t.clock.flush();
    expect(t.state()).toMatchObject({ signIn: 'done', error: null });
  });

  it("tells the host's onError each failure: generic_connect_wallet_error, or unknown_connect_wallet_error", async () => {
    const t = setup();
    t.provider.script('eth_requestAccounts', { errorCode: 4001 });
    t.select();
    await t.clock.flush();
    expect(t.errors).toEqual(['generic_connect_wallet_error']);
    const unknown = setup({ loginError: new Error('boom') });
    unknown.select();
    await unknown.clock.flush();
    expect(unknown.errors).toEqual(['unknown_connect_wallet_error']);
  });

  it('allows 2 retries, then shows Unable to connect wallet without Retry', async () => {
    const t = setup();
    t.provider.script('eth_requestAccounts', { errorCode: 4001 }, { errorCode: 4001 }, { errorCode: 4001 });
    t.select();
    await t.clock.flush();
    for (const retries of [1, 2]) {
      expect(t.state().error?.text).toBe('you rejected the request');
      t.runner.dispatch({ type: 'retry' });
      await t.clock.flush();
      expect(t.state().retries).toBe(retries);
    }
    expect(t.state().error).toMatchObject({ text: 'Unable to connect wallet', retryable: false });
    const before = t.methods().length;
    t.runner.dispatch({ type: 'retry' });
    await t.clock.flush();
    expect(t.methods().length).toBe(before);
    expect(t.state().status).toBe('error');
  });

  it('counts a signing failure as a retry too, and a new wallet pick starts with 2 retries again', async () => {
    const t = setup();
    t.provider.script('personal_sign', { errorCode: 4001 }, { errorCode: 4001 }, { errorCode: 4001 });
    t.select();
    await t.clock.flush();
    t.runner.dispatch({ type: 'retry' });
    await t.clock.flush();
    t.runner.dispatch({ type: 'retry' });
    await t.clock.flush();
    expect(t.state().error).toMatchObject({ text: 'Unable to connect wallet', retryable: false });
    // 'Use a different wallet' (the back arrow) returns to the list; picking again is a fresh start.
    t.runner.dispatch({ type: 'useDifferentWallet' });
    expect(t.state()).toMatchObject({ status: 'disconnected', retries: 0, error: null });
    t.provider.script('eth_requestAccounts', { errorCode: 4001 });
    t.select();
    await t.clock.flush();
    expect(t.state()).toMatchObject({ retries: 0, error: { text: 'you rejected the request', retryable: true } });
  });

  it('times out a signature request the wallet never answers at exactly 120000 ms', async () => {
    const t = setup();
    t.provider.script('personal_sign', 'hang');
    t.select();
    await t.clock.flush();
    expect(t.state()).toMatchObject({ status: 'connected', signIn: 'signing' });
    await t.clock.advance(119_999);
    expect(t.state().signIn).toBe('signing');
    await t.clock.advance(1);
    expect(t.state()).toMatchObject({ status: 'error', error: { text: 'wallet request timed out', retryable: true } });
  });

  it('says signature rejected when the user refuses to sign', async () => {
    const t = setup();
    t.provider.script('personal_sign', { errorCode: 4001 });
    t.select();
    await t.clock.flush();
    expect(t.state().error?.text).toBe('signature rejected (please try signing again)');
  });

  it('times out a silent wallet at exactly 120000 ms, and one that does not initialise at 1500 ms', async () => {
    const t = setup();
    t.provider.script('eth_requestAccounts', 'hang');
    t.select();
    await t.clock.advance(119_999);
    expect(t.state().status).toBe('connecting');
    await t.clock.advance(1);
    expect(t.state().error?.text).toBe('wallet request timed out');

    const u = setup();
    u.provider.script('eth_chainId', 'hang');
    u.select();
    await u.clock.advance(1499);
    expect(u.state().status).toBe('connecting');
    await u.clock.advance(1);
    expect(u.state().error?.kind).toBe('timed_out');
  });

  it('switches a wallet on an unsupported chain to the first supported one before signing', async () => {
    const t = setup({ chainId: 1 });
    t.select('login', { supportedChainIds: [8453, 10] });
    await t.clock.flush();
    expect(t.methods()).toContain('wallet_switchEthereumChain');
    expect(t.signed[0]!.chainId).toBe(8453);
    await t.clock.advance(1400);
    t.provider.chainId = 1;
    t.provider.script('wallet_switchEthereumChain', { errorCode: 4001 });
    t.select('login', { supportedChainIds: [8453] });
    await t.clock.flush();
    expect(t.state()).toMatchObject({ status: 'error', error: { text: 'you rejected the request' } });
  });

  it('asks for the terms 900 ms after the login when required, then completes', async () => {
    const t = setup();
    t.select('login', { context: { requireUsersAcceptTerms: true } });
    await t.clock.advance(899);
    expect(t.state().postLogin).toBe('none');
    await t.clock.advance(1);
    expect(t.state().postLogin).toBe('consent');
    t.runner.dispatch({ type: 'acceptTerms' });
    await t.clock.flush();
    expect(t.events).toEqual(['acceptTerms', 'complete:login:true', 'close']);
  });

  it('creates the embedded wallet 900 ms after the login; a failed creation logs the user out', async () => {
    const created: string[] = [];
    const t = setup({
      createEmbeddedWallet: async (u) => {
        created.push(u.id);
        return { ...u, wallet: { address: '0xembedded' } as User['wallet'] };
      },
    });
    t.select('login', { context: { createOnLogin: 'all-users', canCreateEmbeddedWallet: true } });
    await t.clock.advance(899);
    expect(created).toEqual([]);
    await t.clock.advance(1);
    expect(created).toEqual(['u1']);
    expect(t.events).toEqual(['complete:login:true', 'close']);

    const u = setup({
      createEmbeddedWallet: () => Promise.reject(new LatchError('internal_error', 'Failed to create wallet')),
    });
    u.select('login', { context: { createOnLogin: 'all-users', canCreateEmbeddedWallet: true } });
    await u.clock.advance(900);
    expect(u.state()).toMatchObject({
      postLogin: 'failed',
      succeeded: false,
      failure: { code: 'internal_error', message: 'Failed to create wallet' },
    });
    expect(u.events).toEqual(['logout']);
    u.runner.dispatch({ type: 'close' });
    expect(u.events).toEqual(['logout', 'exit:exited_auth_flow', 'close']);
  });

  it('connect-only mode connects without signing in and closes after 1400 ms', async () => {
    const t = setup();
    t.select('connect-only');
    await t.clock.flush();
    expect(t.methods()).not.toContain('personal_sign');
    expect(t.events).toEqual(['connected:w1:1']);
    await t.clock.advance(1400);
    expect(t.events).toEqual(['connected:w1:1', 'close']);
  });

  it('links, and offers Use a different wallet for a wallet another user owns', async () => {
    const t = setup({ loginError: new LatchError('linked_to_another_user') });
    t.select('link');
    await t.clock.flush();
    expect(t.state().error).toMatchObject({
      kind: 'linked_to_another_user',
      cta: 'Use a different wallet',
      retryable: false,
    });
    t.runner.dispatch({ type: 'retry' });
    expect(t.state().status).toBe('error');
    t.runner.dispatch({ type: 'useDifferentWallet' });
    expect(t.state()).toMatchObject({ status: 'disconnected', wallet: null, intent: 'link' });
    t.select('link');
    await t.clock.advance(1400);
    expect(t.events).toEqual(['complete:link:false', 'close']);
    expect(t.errors).toEqual(['failed_to_link_account']);
  });

  it('reports an exit when closed before the login completed', async () => {
    const t = setup();
    t.provider.script('eth_requestAccounts', 'hang');
    t.select();
    t.runner.dispatch({ type: 'close' });
    await t.clock.flush();
    expect(t.events).toEqual(['exit:exited_auth_flow', 'close']);
  });
});
