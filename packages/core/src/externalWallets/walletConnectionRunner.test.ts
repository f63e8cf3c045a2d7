import { SIWE_API, SIWE_NONCE_TTL_MS, TIMEOUT, type WireUser } from '@latch/protocol';
import { recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
// The client loads its wallet actions on first use; loaded here, like viem/siwe above, so the fake clock's flush
// times the flow and not vitest's first transform of the chunk.
import '../actions/walletActions.js';
import { createLatchClient } from '../client.js';
import { memoryStorage } from '../storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeFetch, type FakeAnswer } from '../testing/fakeFetch.js';
import { makeAccessToken } from '../testing/tokens.js';
import type { DiscoveryTarget } from './discoverWallets.js';
import { EIP6963_EVENT } from './eip1193.js';
import { createExternalWallets } from './externalWallets.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';
import { utf8ToHex } from './utf8ToHex.js';
import {
  initialWalletConnectionState,
  PREPARED_SIGN_IN_REFRESH_MS,
  walletConnectionTransition,
} from './walletConnection.js';

// The wallet flow as the widget runs it (createExternalWallets with the real client's actions). Only the two
// outsides are stand-ins: the HTTP server (a recording fake fetch) and the wallet (a real viem key). Both write
// to one ordered log, so the tests read what happened before and after the 'Sign with your wallet' tap.

const APP_ID = 'c'.repeat(25);
const PAGE = 'https://app.example';
const CONTEXT = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false } as const;
const wireUser: WireUser = {
  id: 'u1',
  created_at: 1_700_000_000,
  linked_accounts: [],
  mfa_methods: [],
  has_accepted_terms: true,
};

function setup(options: { initAnswers?: Array<FakeAnswer | Promise<FakeAnswer>>; delayScale?: number } = {}) {
  // delayScale: the test-only scale (LatchOptions.testDelayScale) on the clock.
  const clock = Object.assign(createFakeClock(), { delayScale: options.delayScale ?? 1 });
  const log: string[] = [];
  const nonces: string[] = [];
  const authenticated: Array<{ message: string; signature: `0x${string}` }> = [];
  const initAnswers = [...(options.initAnswers ?? [])];
  const server = createFakeFetch(async (request) => {
    log.push(`fetch ${request.path}`);
    const body = request.body as Record<string, string>;
    if (request.path === SIWE_API.init) {
      const scripted = initAnswers.shift();
      if (scripted) return scripted;
      const nonce = (nonces.length + 1).toString(16).padStart(32, 'a');
      nonces.push(nonce);
      const expires = new Date(clock.now() + SIWE_NONCE_TTL_MS).toISOString();
      return { body: { nonce, address: body.address, expires_at: expires } };
    }
    if (request.path === SIWE_API.authenticate) {
      authenticated.push({ message: body.message!, signature: body.signature as `0x${string}` });
      const token = makeAccessToken({ aud: APP_ID, expSeconds: Math.floor(clock.now() / 1000) + 3600 });
      return { body: { user: wireUser, token, refresh_token: 'rt-1', is_new_user: true } };
    }
    return { status: 404, body: { error: 'not_found', message: 'Not found.' } };
  });
  const client = createLatchClient({
    appId: APP_ID,
    clientId: 'web',
    apiUrl: 'https://auth.test',
    storage: memoryStorage(),
    clock,
    fetch: server.fetch,
    location: { href: () => `${PAGE}/login`, replace: () => {} },
  });
  const account = privateKeyToAccount(generatePrivateKey());
  const provider = createFakeEip1193Provider(account, 1);
  const answer = provider.request;
  provider.request = (args) => {
    log.push(`wallet ${args.method}`);
    return answer(args);
  };
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  target.addEventListener(EIP6963_EVENT.request, () =>
    target.dispatchEvent(
      new CustomEvent(EIP6963_EVENT.announce, {
        detail: { info: { uuid: 'w-1', name: 'Rabby', rdns: 'io.rabby', icon: 'data:,' }, provider },
      }),
    ),
  );
  const events: string[] = [];
  const wallets = createExternalWallets({
    target,
    clock,
    actions: client,
    handlers: () => ({ onComplete: (r) => events.push(`complete:${r.intent}`), onClose: () => events.push('close') }),
  });
  const states: string[] = [];
  wallets.runner.subscribe(() => {
    const s = wallets.runner.getState();
    states.push(`${s.status}/${s.signIn}/${s.prepared ? 'message' : '-'}`);
  });
  const select = (isMobile: boolean) => wallets.select('w-1', { intent: 'login', isMobile, context: CONTEXT });
  const state = () => wallets.runner.getState();
  const after = (entry: string) => log.slice(log.lastIndexOf(entry) + 1);
  return { clock, log, after, nonces, authenticated, provider, account, wallets, events, states, select, state };
}

describe('the manual sign step has its message ready before the button (Safari, popup and deep-link wallets)', () => {
  it('holds the prepared message once /siwe/init answered; the tap asks the wallet at once with exactly it', async () => {
    const t = setup();
    t.select(true);
    await t.clock.flush();
    // connecting → connected and preparing (no message, button disabled) → ready (message, button enabled).
    expect(t.states).toEqual(['connecting/idle/-', 'connected/preparing/-', 'connected/ready/message']);
    expect(t.log).toEqual([
      'wallet eth_chainId',
      'wallet eth_requestAccounts',
      'wallet eth_chainId',
      `fetch ${SIWE_API.init}`,
    ]);
    const prepared = t.state().prepared!;
    expect(parseSiweMessage(prepared.message)).toMatchObject({
      address: t.account.address,
      chainId: 1,
      nonce: t.nonces[0],
      domain: 'app.example',
      uri: PAGE,
    });

    t.log.push('tap Sign with your wallet');
    t.wallets.runner.dispatch({ type: 'signWithWallet' });
    // Synchronously, before any await: the wallet request is the first thing the tap leads to.
    expect(t.after('tap Sign with your wallet')).toEqual(['wallet personal_sign']);
    expect(t.provider.calls.at(-1)).toEqual({
      method: 'personal_sign',
      params: [utf8ToHex(prepared.message), t.account.address.toLowerCase()],
    });
    await t.clock.flush();
    expect(t.after('tap Sign with your wallet')).toEqual(['wallet personal_sign', `fetch ${SIWE_API.authenticate}`]);
    expect(t.authenticated).toHaveLength(1);
    expect(t.authenticated[0]!.message).toBe(prepared.message);
    expect(await recoverMessageAddress(t.authenticated[0]!)).toBe(t.account.address);
    expect(t.state().signIn).toBe('done');
    await t.clock.advance(1400);
    expect(t.events).toEqual(['complete:login', 'close']);
  });

  it('on desktop prepares the same way, then signs by itself: /siwe/init, personal_sign, authenticate', async () => {
    const t = setup();
    t.select(false);
    await t.clock.flush();
    expect(t.log).toEqual([
      'wallet eth_chainId',
      'wallet eth_requestAccounts',
      'wallet eth_chainId',
      `fetch ${SIWE_API.init}`,
      'wallet personal_sign',
      `fetch ${SIWE_API.authenticate}`,
    ]);
    expect(t.states).not.toContain('connected/ready/message');
    expect(parseSiweMessage(t.authenticated[0]!.message).nonce).toBe(t.nonces[0]);
    expect(t.state().signIn).toBe('done');
  });

  it('ignores the button while the message is being prepared', async () => {
    let answerInit: (answer: FakeAnswer) => void = () => {};
    const t = setup({ initAnswers: [new Promise<FakeAnswer>((resolve) => (answerInit = resolve))] });
    t.select(true);
    await t.clock.flush();
    expect(t.state()).toMatchObject({ status: 'connected', signIn: 'preparing', prepared: null });
    t.wallets.runner.dispatch({ type: 'signWithWallet' });
    await t.clock.flush();
    expect(t.log).not.toContain('wallet personal_sign');
    answerInit({ body: { nonce: 'f'.repeat(32), address: t.account.address, expires_at: '2030-01-01T00:00:00Z' } });
    await t.clock.flush();
    expect(t.state()).toMatchObject({ signIn: 'ready', prepared: { nonce: 'f'.repeat(32) } });
    expect(t.log).not.toContain('wallet personal_sign');
  });

  it('writes a new message before the nonce expires (10 min less the 120 s signing timeout), and signs that one', async () => {
    expect(PREPARED_SIGN_IN_REFRESH_MS).toBe(SIWE_NONCE_TTL_MS - TIMEOUT.walletRequest);
    expect(PREPARED_SIGN_IN_REFRESH_MS).toBe(480_000);
    const t = setup();
    t.select(true);
    await t.clock.flush();
    const first = t.state().prepared!;
    await t.clock.advance(PREPARED_SIGN_IN_REFRESH_MS - 1);
    expect(t.nonces).toHaveLength(1);
    expect(t.state()).toMatchObject({ signIn: 'ready', prepared: first });
    await t.clock.advance(1);
    expect(t.nonces).toHaveLength(2);
    const second = t.state().prepared!;
    expect(t.state().signIn).toBe('ready');
    expect(second.nonce).toBe(t.nonces[1]);
    expect(second.message).not.toBe(first.message);
    expect(t.states.slice(-2)).toEqual(['connected/preparing/-', 'connected/ready/message']);

    t.log.push('tap Sign with your wallet');
    t.wallets.runner.dispatch({ type: 'signWithWallet' });
    expect(t.after('tap Sign with your wallet')).toEqual(['wallet personal_sign']);
    await t.clock.flush();
    expect(t.authenticated.map((a) => a.message)).toEqual([second.message]);
    // Signing cancelled the refresh: no third nonce however long the flow then runs.
    await t.clock.advance(PREPARED_SIGN_IN_REFRESH_MS);
    expect(t.nonces).toHaveLength(2);
  });

  it('the test-only delay scale leaves the nonce refresh (a deadline) at its full length', async () => {
    const t = setup({ delayScale: 0.01 });
    t.select(true);
    await t.clock.flush();
    await t.clock.advance(PREPARED_SIGN_IN_REFRESH_MS - 1);
    expect(t.nonces).toHaveLength(1);
    await t.clock.advance(1);
    expect(t.nonces).toHaveLength(2);
  });

  it('shows the SPEC error when preparing fails, asks the wallet nothing, and Retry prepares again', async () => {
    const t = setup({
      initAnswers: [{ status: 429, body: { error: 'too_many_requests', message: 'Too many requests.' } }],
    });
    t.select(true);
    await t.clock.flush();
    expect(t.state()).toMatchObject({
      status: 'error',
      signIn: 'idle',
      prepared: null,
      error: { text: 'could not log in with wallet', code: 'too_many_requests', retryable: true },
    });
    expect(t.log).not.toContain('wallet personal_sign');
    t.wallets.runner.dispatch({ type: 'retry' });
    await t.clock.flush();
    expect(t.state()).toMatchObject({ status: 'connected', signIn: 'ready', retries: 1 });
    expect(t.nonces).toHaveLength(1);
  });
});

describe('walletConnectionTransition: the sign step', () => {
  it('turns the tap into the sign effect carrying the prepared message, and nothing before it but the timer cancel', () => {
    const wallet = { id: 'w-1', name: 'Rabby', walletClientType: 'rabby_wallet', connectorType: 'injected' };
    const connection = { address: '0x00000000000000000000000000000000000000a1', chainId: 8453 } as const;
    const prepared = { address: connection.address, chainId: 8453, nonce: 'n'.repeat(16), message: 'the message' };
    const ready = {
      ...initialWalletConnectionState(),
      status: 'connected' as const,
      wallet,
      connection,
      manualSign: true,
      signIn: 'ready' as const,
      prepared,
    };
    expect(walletConnectionTransition(ready, { type: 'signWithWallet' })).toEqual({
      state: { ...ready, signIn: 'signing' },
      effects: [
        { type: 'cancelTimers' },
        { type: 'signIn', intent: 'login', walletId: 'w-1', connection, message: 'the message' },
      ],
    });
    // A message written for another account (a stale preparation) is not taken.
    const preparing = { ...ready, signIn: 'preparing' as const, prepared: null };
    const stale = { ...prepared, address: '0x00000000000000000000000000000000000000b2' };
    expect(walletConnectionTransition(preparing, { type: 'signInPrepared', prepared: stale }).state).toBe(preparing);
    // An old refresh timer (another nonce) does nothing.
    expect(walletConnectionTransition(ready, { type: 'preparedExpired', nonce: 'other' }).state).toBe(ready);
  });
});
