// The provider end to end with real parts: the real server (PGlite) and the real frame code (its router,
// device key and wallet keys) in this process, core's real bridge talking to it by messages, and a real
// anvil node. Only the browser window is stood in for (FrameHost: message delivery between two objects).
import { APPROVAL, HEADER, IDENTITY_API, LatchError, toUser, type User, type WireUser } from '@latch/protocol';
import { type ConfirmationSurface, createApprovalGate, createFrameRouter, frameRoutes } from '@latch/wallet-frame';
import { type FrameTestServer, frameTestServer, PUBLIC_URL } from '@latch/wallet-frame/testing';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANVIL_FUNDED_KEY, type LocalChain, startLocalChain } from '../../../../scripts/localChain.mjs';
import { systemClock } from '../clock.js';
import { createEmbeddedWalletBridge } from './embeddedWalletBridge.js';
import { createChainCalls } from './embeddedWalletChainCalls.js';
import { createEmbeddedWalletController, embeddedWalletOf } from './embeddedWalletController.js';
import { createEmbeddedWalletProvider } from './embeddedWalletProvider.js';
import { createEmbeddedWalletRuntime } from './embeddedWalletRuntime.js';
import { fakeSignedInClient } from './embeddedWalletRuntimeFixture.js';
import { TransactionError } from './sendTransactionRunner.js';
import type { SendTransaction } from './sendTransactionState.js';
import { createTransactionSigner, type TransactionSigner } from './transactionSigner.js';

// Init code deploying a contract whose every call reverts (runtime: PUSH1 0 PUSH1 0 REVERT).
const REVERTING_CONTRACT = '0x6460006000fd6000526005601bf3';
const HOST_ORIGIN = 'https://host.example';
const FRIEND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

type Listener = (message: { data: unknown; origin: string; source: unknown }) => void;

/** A FrameHost whose "iframe" is the frame's real router over `wallet`, messages passed as the browser would. */
function inProcessFrameHost(routes: ReturnType<typeof frameRoutes>) {
  const hostListeners = new Set<Listener>();
  const frameListeners = new Set<(event: MessageEvent) => void>();
  const frameOrigin = new URL(PUBLIC_URL).origin;
  const target = {
    postMessage: (data: unknown) =>
      queueMicrotask(() => {
        for (const l of frameListeners) l({ data, origin: HOST_ORIGIN, source: parent } as unknown as MessageEvent);
      }),
  };
  const parent = {
    postMessage: (data: unknown) =>
      queueMicrotask(() => {
        for (const l of hostListeners) l({ data, origin: frameOrigin, source: target });
      }),
  };
  return {
    mountFrame() {
      const self = {
        addEventListener: (_: 'message', l: (event: MessageEvent) => void) => frameListeners.add(l),
        removeEventListener: (_: 'message', l: (event: MessageEvent) => void) => frameListeners.delete(l),
      };
      const router = createFrameRouter({ self, parent, parentOrigin: HOST_ORIGIN, routes });
      router.start();
      return { target, remove: () => router.stop() };
    },
    listen(listener: Listener) {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
  };
}

/** A signer that records every frame call, to prove what was (not) signed. */
function recording(signer: TransactionSigner) {
  const calls: string[] = [];
  return {
    calls,
    signer: {
      sign(user, tx) {
        calls.push('sign');
        return signer.sign(user, tx);
      },
    } satisfies TransactionSigner,
  };
}

/**
 * The user at the frame's confirmation (issue #24): the frame shows each request on a placed viewport and the
 * user clicks its button after reading it (a trusted click, later than the minimum visible time), or Cancel
 * while `user.cancel` is set. `user.shown` records what the frame showed.
 */
function userAtTheFrame() {
  let time = 0;
  const user = { cancel: false, shown: [] as string[] };
  const surface: ConfirmationSurface = {
    viewport: () => ({ width: 360, height: 440 }),
    onResize: () => () => {},
    show(content, onClick) {
      user.shown.push(content.title);
      setImmediate(() => {
        time += APPROVAL.minVisibleMs;
        onClick(user.cancel ? 'cancel' : 'confirm', { isTrusted: true });
      });
      return { visible: () => true, hint() {}, remove() {} };
    },
  };
  const clock = { now: () => time, setTimeout, clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };
  return { user, approval: { headless: false, gate: createApprovalGate(surface, clock) } };
}

describe('the embedded wallet provider sends on a real chain, signed by the real frame (real server)', () => {
  let env: FrameTestServer;
  let node: LocalChain;
  let chainClient: PublicClient;
  let user: User;
  let address: Address;
  let token: string;
  let bridge: ReturnType<typeof createEmbeddedWalletBridge>;
  let controller: ReturnType<typeof createEmbeddedWalletController>;
  let reverting: Address;
  const atTheFrame = userAtTheFrame();

  beforeAll(async () => {
    [env, node] = await Promise.all([frameTestServer(), startLocalChain()]);
    chainClient = createPublicClient({ chain: anvil, transport: http(node.url) });
    const login = await env.login('sender@example.com');
    token = login.token;
    const device = await env.device();
    bridge = createEmbeddedWalletBridge({
      apiUrl: PUBLIC_URL,
      appId: env.appId,
      host: inProcessFrameHost(frameRoutes(device.wallet, atTheFrame.approval)),
    });
    await bridge.registerDevice({ accessToken: token, deviceGrant: login.grant });
    await bridge.create({ accessToken: token });
    const me = await env.server.call('GET', IDENTITY_API.me, {
      headers: { authorization: `Bearer ${token}`, [HEADER.appId]: env.appId },
    });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { user?: WireUser } & WireUser;
    user = toUser(body.user ?? body);
    const client = { getAccessToken: async () => token, refreshUser: async () => user };
    controller = createEmbeddedWalletController(client, bridge);
    address = embeddedWalletOf(user)?.address as Address;
    // Fund the new wallet and deploy the reverting contract from anvil's funded account.
    const funder = createWalletClient({
      account: privateKeyToAccount(ANVIL_FUNDED_KEY),
      chain: anvil,
      transport: http(node.url),
    });
    await chainClient.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: address, value: parseEther('1') }),
    });
    const deployed = await chainClient.waitForTransactionReceipt({
      hash: await funder.deployContract({ abi: [], bytecode: REVERTING_CONTRACT }),
    });
    reverting = deployed.contractAddress as Address;
  }, 120_000);

  afterAll(async () => {
    bridge?.destroy();
    await Promise.all([node?.stop(), env?.close()]);
  });

  /** The provider over the real frame; `screen` plays the user on the send screen. */
  function wallet(screen: (state: SendTransaction, act: (a: 'submit' | 'close') => void) => void, prompt = true) {
    const recorded = recording(
      createTransactionSigner({ getAccessToken: async () => token, refreshUser: async () => user }, bridge, controller),
    );
    const chains = { supportedChains: [31337, 1], rpcUrls: { 31337: node.url } };
    const calls = createChainCalls({
      chainOptions: () => chains,
      signer: recorded.signer,
      clock: systemClock,
      prompt: () => prompt,
      waitForConfirmation: () => true,
    });
    const seen: SendTransaction[] = [];
    calls.sendRunner.subscribe(() => {
      const state = calls.sendRunner.getState();
      if (!state) return;
      seen.push(state);
      screen(state, (action) => queueMicrotask(() => calls.sendRunner.dispatch({ type: action })));
    });
    const provider = createEmbeddedWalletProvider({
      getUser: () => user,
      controller,
      chains: () => chains,
      loadChainCalls: async () => calls,
    });
    return { provider, seen, frameCalls: recorded.calls };
  }

  // The screen placed the frame on the review: the frame asks, and the user clicks its Submit (userAtTheFrame).
  const submitWhenApproved = (state: SendTransaction, act: (a: 'submit' | 'close') => void) => {
    if (state.status === 'review' && !state.error) act('submit');
  };

  it("sends 0.01 ETH: the frame's own review is confirmed, the balance moves, receipt status 1, the nonce increments", async () => {
    const { provider, seen, frameCalls } = wallet(submitWhenApproved);
    const nonceBefore = await chainClient.getTransactionCount({ address });
    const friendBefore = await chainClient.getBalance({ address: FRIEND });
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to: FRIEND, value: `0x${parseEther('0.01').toString(16)}` }],
    })) as Hex;
    const receipt = await chainClient.getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from).toBe(address.toLowerCase());
    expect((await chainClient.getBalance({ address: FRIEND })) - friendBefore).toBe(parseEther('0.01'));
    expect(await chainClient.getTransactionCount({ address })).toBe(nonceBefore + 1);
    expect(frameCalls).toEqual(['sign']);
    expect(atTheFrame.user.shown.at(-1)).toBe('Send ETH');
    expect(seen.map((s) => s.status)).toEqual(expect.arrayContaining(['review', 'confirming', 'submitting']));
    expect(seen.at(-1)).toMatchObject({ status: 'receipt', hash, receipt: { status: 'success' } });
  });

  it('the access list the review estimated with is the one signed and mined', async () => {
    const { provider, frameCalls } = wallet(submitWhenApproved);
    const accessList = [{ address: FRIEND.toLowerCase(), storageKeys: [`0x${'00'.repeat(31)}01`] }];
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to: FRIEND, value: '0x1', accessList }],
    })) as Hex;
    expect((await chainClient.getTransactionReceipt({ hash })).status).toBe('success');
    expect(await chainClient.getTransaction({ hash })).toMatchObject({ type: 'eip1559', accessList });
    expect(frameCalls).toEqual(['sign']);
  });

  it('a request refused as busy does not move the retry of the send in flight to its wallet', async () => {
    const real = createTransactionSigner(
      { getAccessToken: async () => token, refreshUser: async () => user },
      bridge,
      controller,
    );
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const frameCalls: string[] = [];
    let signs = 0;
    const signer: TransactionSigner = {
      async sign(who, tx) {
        frameCalls.push(`sign:${who.id}:${String(tx.from)}`);
        // The first signature fails once the other request has come in: the user retries.
        if (signs++ === 0) await gate.then(() => Promise.reject(new LatchError('internal_error')));
        return real.sign(who, tx);
      },
    };
    const calls = createChainCalls({
      chainOptions: () => ({ supportedChains: [31337], rpcUrls: { 31337: node.url } }),
      signer,
      clock: systemClock,
      prompt: () => true,
      waitForConfirmation: () => true,
    });
    let retries = 0;
    calls.sendRunner.subscribe(() => {
      const state = calls.sendRunner.getState();
      const act = (type: 'submit' | 'retry' | 'close') => queueMicrotask(() => calls.sendRunner.dispatch({ type }));
      if (state?.status === 'review' && !state.error) act('submit');
      if (state?.status === 'error') act(retries++ === 0 ? 'retry' : 'close');
    });
    const sent = calls.sendTransaction(user, address, { to: FRIEND, value: '0x1' }, 31337);
    await vi.waitFor(() => expect(calls.sendRunner.getState()?.status).toBe('confirming'), { timeout: 20_000 });
    const other = { ...user, id: `${user.id}-other` };
    await expect(calls.sendTransaction(other, FRIEND, { to: address, value: '0x1' }, 31337)).rejects.toMatchObject({
      code: -32002,
    });
    release();
    const hash = await sent;
    expect((await chainClient.getTransactionReceipt({ hash })).from).toBe(address.toLowerCase());
    const mine = `sign:${user.id}:${address}`;
    expect(frameCalls).toEqual([mine, mine]);
  });

  it("viem's createWalletClient({ transport: custom(provider) }) sends, signs, reads the chain and switches", async () => {
    const { provider } = wallet(submitWhenApproved);
    const client = createWalletClient({ account: address, chain: anvil, transport: custom(provider) });
    expect(await client.getChainId()).toBe(31337);
    const hash = await client.sendTransaction({ to: FRIEND, value: 1234n });
    expect((await chainClient.getTransactionReceipt({ hash })).status).toBe('success');
    const signature = await client.signMessage({ message: 'gm' });
    expect(await verifyMessage({ address, message: 'gm', signature })).toBe(true);
    const typed = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note' as const,
      message: { text: 'hello' },
    };
    const typedSignature = await client.signTypedData(typed);
    expect(await verifyTypedData({ address, ...typed, signature: typedSignature })).toBe(true);
    // Reads go to the current chain's node.
    expect(await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })).toBe(
      `0x${(await chainClient.getBalance({ address })).toString(16)}`,
    );
    const changed: unknown[] = [];
    provider.on('chainChanged', (id) => changed.push(id));
    await client.switchChain({ id: 1 });
    expect(changed).toEqual(['0x1']);
    await expect(client.switchChain({ id: 10 })).rejects.toMatchObject({ code: 4902 });
  });

  it('a reverting call is sent and mined: the caller gets transaction_reverted with its hash', async () => {
    const { provider, seen } = wallet((state, act) => {
      if (state.status === 'error') act('close');
      else submitWhenApproved(state, act);
    });
    // An explicit gas limit skips the estimate (which would refuse the call before signing).
    const sent = provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to: reverting, data: '0x01', gas: '0x186a0' }],
    });
    const error = (await sent.catch((e: unknown) => e)) as TransactionError;
    expect(error).toBeInstanceOf(TransactionError);
    expect(error.code).toBe('transaction_reverted');
    expect(error.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await chainClient.getTransactionReceipt({ hash: error.hash as Hex })).status).toBe('reverted');
    expect(seen.find((s) => s.status === 'error')?.error).toEqual({ code: 'transaction_reverted', hash: error.hash });
  });

  it('an underfunded send is refused before anything is signed (insufficient_funds)', async () => {
    const { provider, frameCalls } = wallet(() => undefined, false);
    await expect(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ to: FRIEND, value: `0x${parseEther('50').toString(16)}` }],
      }),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect(frameCalls).toEqual([]);
  });

  it("Cancel on the frame's review is EIP-1193 4001: the frame signed nothing and nothing is sent", async () => {
    const { provider, frameCalls } = wallet(submitWhenApproved);
    const nonce = await chainClient.getTransactionCount({ address });
    atTheFrame.user.cancel = true;
    try {
      await expect(
        provider.request({ method: 'eth_sendTransaction', params: [{ to: FRIEND, value: '0x1' }] }),
      ).rejects.toMatchObject({ code: 4001, message: 'The user rejected the request.' });
    } finally {
      atTheFrame.user.cancel = false;
    }
    expect(frameCalls).toEqual(['sign']);
    expect(await chainClient.getTransactionCount({ address })).toBe(nonce);
  });

  it('through the runtime: the send screen state appears, Submit sends, the hash resolves (createLatch wiring)', async () => {
    // The signed-in client as the runtime reads it: the real user and token of the real server.
    const base = fakeSignedInClient(() => ({ user, config: null }));
    const client = Object.assign(base, { getAccessToken: async () => token });
    const runtime = createEmbeddedWalletRuntime({
      client,
      apiUrl: PUBLIC_URL,
      appId: env.appId,
      clock: systemClock,
      bridge,
      chains: () => ({ supportedChains: [31337], rpcUrls: { 31337: node.url } }),
    });
    const statuses: string[] = [];
    runtime.subscribe(() => {
      const send = runtime.getState().sendTransaction;
      if (!send || statuses.at(-1) === send.status) return;
      statuses.push(send.status);
      if (send.status === 'review') queueMicrotask(() => runtime.sendTransactionAction('submit'));
    });
    expect(await runtime.provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    const hash = (await runtime.provider.request({
      method: 'eth_sendTransaction',
      params: [{ to: FRIEND, value: '0x2a' }],
    })) as Hex;
    expect((await chainClient.getTransactionReceipt({ hash })).status).toBe('success');
    expect(runtime.getState().sendTransaction).toMatchObject({ status: 'receipt', hash });
    expect(statuses.slice(0, 3)).toEqual(['preparing', 'review', 'confirming']);
    runtime.sendTransactionAction('close');
    expect(runtime.getState().sendTransaction).toBeNull();
  });

  it('malformed requests get the catalogue error before any screen: bad hex, negative value, no to and no data, another chain', async () => {
    const { provider, frameCalls, seen } = wallet(submitWhenApproved);
    for (const bad of [{ to: FRIEND, value: '0xzz' }, { to: FRIEND, value: -1 }, { value: '0x1' }]) {
      await expect(provider.request({ method: 'eth_sendTransaction', params: [bad] })).rejects.toMatchObject({
        code: 'invalid_transaction_request',
      });
    }
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ to: FRIEND, value: '0x1', chainId: 999 }] }),
    ).rejects.toMatchObject({ code: 4902 });
    // Chain 1 is supported but not the current chain (31337): refused, not signed there.
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ to: FRIEND, value: '0x1', chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 'invalid_transaction_request' });
    await expect(
      provider.request({ method: 'eth_signTransaction', params: [{ to: FRIEND, value: '0x1', chainId: 1 }] }),
    ).rejects.toMatchObject({ code: 'invalid_transaction_request' });
    expect(frameCalls).toEqual([]);
    expect(seen).toEqual([]);
  });
});
