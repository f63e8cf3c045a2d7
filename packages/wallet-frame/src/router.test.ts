import { LatchError } from '@latch/protocol';
import { isFramedOnce, WALLET_EVENT } from '@latch/protocol/frame';
import { CUSTODY_LIMIT, WalletCreateData, WalletRpcData } from '@latch/protocol/schemas';
import { describe, expect, it } from 'vitest';
import { CustodyError } from './keys/custodyError.js';
import { createFrameRouter, route } from './router.js';

const PARENT = 'https://host.example';
const address = '0x52908400098527886E0F7030069857D2E4169EE7';

// A fake window pair: the frame's window collects listeners, the parent records what is posted to it.
function windows() {
  const listeners = new Set<(e: MessageEvent) => void>();
  const self = {
    addEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.delete(l),
  };
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
  const send = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    for (const l of listeners)
      l({ data, origin: from.origin ?? PARENT, source: from.source ?? parent } as MessageEvent);
  };
  const replies = () => posted.map((p) => p.message as { id: string; data?: unknown; error?: unknown });
  return { self, parent, posted, send, replies, listeners };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const rpc = (message: string) => ({
  accessToken: 't',
  address,
  request: { method: 'personal_sign', params: [message, address] },
});

describe('frame router', () => {
  it('announces itself and answers a ready request, posting only to the exact parent origin', async () => {
    const w = windows();
    createFrameRouter({ self: w.self, parent: w.parent, parentOrigin: PARENT, routes: {} }).start();
    w.send({ id: 'h1', event: WALLET_EVENT.ready });
    await settle();
    expect(w.replies()).toEqual([
      { id: 'latch:ready', event: 'latch:iframe:ready', data: { ready: true } },
      { id: 'h1', event: 'latch:iframe:ready', data: { ready: true } },
    ]);
    expect(w.posted.every((p) => p.targetOrigin === PARENT)).toBe(true);
  });

  it('ignores foreign origins, other windows and non-Latch messages', async () => {
    const w = windows();
    let calls = 0;
    const routes = { [WALLET_EVENT.walletRpc]: route(WalletRpcData, async () => ++calls) };
    createFrameRouter({ self: w.self, parent: w.parent, parentOrigin: PARENT, routes }).start();
    const before = w.posted.length;
    w.send({ id: 'x', event: WALLET_EVENT.walletRpc, data: rpc('a') }, { origin: 'https://evil.example' });
    w.send({ id: 'x', event: WALLET_EVENT.walletRpc, data: rpc('a') }, { origin: 'https://host.example.evil.example' });
    w.send({ id: 'x', event: WALLET_EVENT.walletRpc, data: rpc('a') }, { source: {} });
    w.send({ type: 'webpackOk' });
    w.send({ id: 'x', event: 'latch:wallet:steal' });
    await settle();
    expect(w.posted.length).toBe(before);
    expect(calls).toBe(0);
  });

  it('matches replies to requests by id, whatever order they finish in', async () => {
    const w = windows();
    const gates = { first: deferred<string>(), second: deferred<string>() };
    const routes = {
      [WALLET_EVENT.walletRpc]: route(WalletRpcData, (data) =>
        data.request.method === 'personal_sign' && data.request.params[0] === 'first'
          ? gates.first.promise
          : gates.second.promise,
      ),
    };
    createFrameRouter({ self: w.self, parent: w.parent, parentOrigin: PARENT, routes }).start();
    w.send({ id: 'r1', event: WALLET_EVENT.walletRpc, data: rpc('first') });
    w.send({ id: 'r2', event: WALLET_EVENT.walletRpc, data: rpc('second') });
    gates.second.resolve('0x02');
    await settle();
    gates.first.resolve('0x01');
    await settle();
    expect(w.replies().slice(1)).toEqual([
      { id: 'r2', event: 'latch:wallet:rpc', data: '0x02' },
      { id: 'r1', event: 'latch:wallet:rpc', data: '0x01' },
    ]);
  });

  it('runs identical in-flight creates once and answers each id; later or different creates run again', async () => {
    const w = windows();
    let runs = 0;
    const gate = deferred<void>();
    const routes = {
      [WALLET_EVENT.walletCreate]: route(WalletCreateData, async (data) => {
        runs++;
        await gate.promise;
        return { address, token: data.accessToken };
      }),
    };
    createFrameRouter({ self: w.self, parent: w.parent, parentOrigin: PARENT, routes }).start();
    w.send({ id: 'c1', event: WALLET_EVENT.walletCreate, data: { accessToken: 't', recoveryMethod: 'latch' } });
    w.send({ id: 'c2', event: WALLET_EVENT.walletCreate, data: { recoveryMethod: 'latch', accessToken: 't' } });
    w.send({ id: 'c3', event: WALLET_EVENT.walletCreate, data: { accessToken: 'other' } });
    gate.resolve();
    await settle();
    expect(runs).toBe(2);
    const byId = Object.fromEntries(w.replies().map((r) => [r.id, r.data]));
    expect(byId.c1).toEqual({ address, token: 't' });
    expect(byId.c2).toEqual({ address, token: 't' });
    expect(byId.c3).toEqual({ address, token: 'other' });
    w.send({ id: 'c4', event: WALLET_EVENT.walletCreate, data: { accessToken: 't', recoveryMethod: 'latch' } });
    await settle();
    expect(runs).toBe(3);
  });

  it('answers bad payloads and unsupported events with typed errors', async () => {
    const w = windows();
    const routes = { [WALLET_EVENT.walletRpc]: route(WalletRpcData, async () => '0x') };
    createFrameRouter({ self: w.self, parent: w.parent, parentOrigin: PARENT, routes }).start();
    w.send({ id: 'b1', event: WALLET_EVENT.walletRpc, data: { address } });
    w.send({ id: 'b2', event: WALLET_EVENT.mfaVerify, data: {} });
    await settle();
    expect(w.replies().slice(1)).toEqual([
      {
        id: 'b1',
        event: 'latch:wallet:rpc',
        error: { type: 'invalid_request_arguments', message: 'Invalid request arguments.' },
      },
      {
        id: 'b2',
        event: 'latch:mfa:verify',
        error: { type: 'error', message: 'This event is not supported by this wallet frame.' },
      },
    ]);
  });

  it('maps handler errors to SPEC §8 wallet proxy types without leaking their details', async () => {
    const w = windows();
    const errors: Record<string, unknown> = {
      pin: new CustodyError('wrong_password', 'Invalid recovery password, please try again.'),
      empty: new CustodyError('invalid_message', 'The message to sign must be a non-empty string.'),
      tampered: new CustodyError('address_mismatch', 'The shares do not rebuild this wallet'),
      device: new CustodyError('device_share_missing', 'This device has no share of the wallet'),
      limited: new LatchError('too_many_requests'),
      unknown: new Error('secret 0xabc leaked'),
    };
    const routes = {
      [WALLET_EVENT.walletRpc]: route(WalletRpcData, async (data) => {
        throw errors[data.request.params[0] as string];
      }),
    };
    createFrameRouter({ self: w.self, parent: w.parent, parentOrigin: PARENT, routes }).start();
    for (const key of Object.keys(errors)) w.send({ id: key, event: WALLET_EVENT.walletRpc, data: rpc(key) });
    await settle();
    const byId = Object.fromEntries(w.replies().map((r) => [r.id, r.error]));
    expect(byId.pin).toEqual({ type: 'invalid_recovery_pin', message: 'Invalid recovery password, please try again.' });
    expect(byId.empty).toEqual({
      type: 'invalid_request_arguments',
      message: 'The message to sign must be a non-empty string.',
    });
    expect(byId.tampered).toEqual({ type: 'error', message: 'An error has occurred, please try again.' });
    expect(byId.device).toMatchObject({ type: 'wallet_not_on_device' });
    expect((byId.limited as { message: string }).message).toContain('code 429');
    expect(byId.unknown).toEqual({ type: 'error', message: 'An error has occurred, please try again.' });
  });

  it(`refuses a message whose JSON is over ${CUSTODY_LIMIT.maxFrameMessageBytes} bytes before any handler runs`, async () => {
    const w = windows();
    const seen: number[] = [];
    const routes = {
      [WALLET_EVENT.walletRpc]: route(WalletRpcData, async (d) => seen.push(String(d.request.params[0]).length)),
    };
    createFrameRouter({ self: w.self, parent: w.parent, parentOrigin: PARENT, routes }).start();
    // The envelope and payload around the message take well under 300 bytes.
    w.send({ id: 'big', event: WALLET_EVENT.walletRpc, data: rpc('a'.repeat(CUSTODY_LIMIT.maxFrameMessageBytes)) });
    // Multi-byte text: few UTF-16 units, more than the cap in UTF-8.
    w.send({ id: 'wide', event: WALLET_EVENT.walletRpc, data: rpc('€'.repeat(45_000)) });
    w.send({
      id: 'fits',
      event: WALLET_EVENT.walletRpc,
      data: rpc('a'.repeat(CUSTODY_LIMIT.maxFrameMessageBytes - 300)),
    });
    await settle();
    const byId = Object.fromEntries(w.replies().map((r) => [r.id, r.error ?? r.data]));
    expect(byId.big).toEqual({ type: 'invalid_request_arguments', message: 'The request is too large.' });
    expect(byId.wide).toEqual({ type: 'invalid_request_arguments', message: 'The request is too large.' });
    expect(byId.fits).toBe(1);
    expect(seen).toEqual([CUSTODY_LIMIT.maxFrameMessageBytes - 300]);
  });

  it('stops listening when stopped', async () => {
    const w = windows();
    const router = createFrameRouter({ self: w.self, parent: w.parent, parentOrigin: PARENT, routes: {} });
    router.start();
    router.stop();
    w.send({ id: 'h1', event: WALLET_EVENT.ready });
    await settle();
    expect(w.posted).toHaveLength(1);
  });
});

describe('framing check', () => {
  it('accepts a frame directly inside the top page, refuses top-level and double framing', () => {
    const top = {};
    const frame = {};
    expect(isFramedOnce({ self: frame, parent: top, top })).toBe(true);
    expect(isFramedOnce({ self: frame, parent: frame, top: frame })).toBe(false);
    expect(isFramedOnce({ self: frame, parent: {}, top })).toBe(false);
  });
});
