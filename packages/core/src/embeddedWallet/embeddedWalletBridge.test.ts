import { WALLET_EVENT } from '@latch/protocol/frame';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { createEmbeddedWalletBridge } from './embeddedWalletBridge.js';
import type { FrameHost, HostMessage } from './frameHost.js';

const API_URL = 'https://auth.example.com';
const FRAME_ORIGIN = 'https://auth.example.com';
const APP_ID = 'a'.repeat(25);
const ADDRESS = `0x${'1'.repeat(40)}`;

interface Posted {
  message: { id: string; event: string; data: unknown };
  targetOrigin: string;
}

/** A fake window pair: the host window's listeners and the frame window the bridge posts to. */
function fakeWindows() {
  const listeners = new Set<(m: HostMessage) => void>();
  const posted: Posted[] = [];
  const mounted: string[] = [];
  let removed = 0;
  const frameWindow = {
    postMessage(message: unknown, targetOrigin: string) {
      posted.push({ message: message as Posted['message'], targetOrigin });
    },
  };
  const host: FrameHost = {
    mountFrame(src) {
      mounted.push(src);
      return { target: frameWindow, remove: () => void removed++ };
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const fromFrame = (data: unknown, origin = FRAME_ORIGIN, source: unknown = frameWindow) => {
    for (const listener of [...listeners]) listener({ data, origin, source });
  };
  const announceReady = () => fromFrame({ id: 'latch:ready', event: WALLET_EVENT.ready, data: { ready: true } });
  return { host, posted, mounted, removed: () => removed, listeners, fromFrame, announceReady };
}

function setup() {
  const clock = createFakeClock();
  const windows = fakeWindows();
  const bridge = createEmbeddedWalletBridge({
    apiUrl: API_URL,
    appId: APP_ID,
    clientId: 'client-1',
    analyticsId: 'ca-1',
    clock,
    host: windows.host,
  });
  return { clock, bridge, ...windows };
}

const settled = <T>(promise: Promise<T>) => {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error) => Object.assign(state, { error, done: true }),
  );
  return state;
};

describe('embedded wallet bridge', () => {
  it('mounts the frame page with caid and client_id, waits for ready, and matches replies by id', async () => {
    const { clock, bridge, mounted, posted, fromFrame, announceReady } = setup();
    const created = settled(bridge.create({ accessToken: 't1', recoveryMethod: 'latch' }));
    await clock.flush();
    expect(mounted).toEqual([`${API_URL}/apps/${APP_ID}/embedded-wallets?caid=ca-1&client_id=client-1`]);
    expect(posted).toHaveLength(0);

    announceReady();
    await clock.flush();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.targetOrigin).toBe(FRAME_ORIGIN);
    expect(posted[0]?.message).toMatchObject({
      event: WALLET_EVENT.walletCreate,
      data: { accessToken: 't1', recoveryMethod: 'latch' },
    });
    const id = posted[0]?.message.id as string;

    fromFrame({ id: 'someone-else', event: WALLET_EVENT.walletCreate, data: { address: `0x${'2'.repeat(40)}` } });
    await clock.flush();
    expect(created.done).toBe(false);
    fromFrame({ id, event: WALLET_EVENT.walletCreate, data: { address: ADDRESS, recoveryMethod: 'latch' } });
    await clock.flush();
    expect(created.value).toEqual({ address: ADDRESS, recoveryMethod: 'latch' });
  });

  it('ignores messages from another origin or another window', async () => {
    const { clock, bridge, fromFrame, posted } = setup();
    const ready = settled(bridge.ready());
    await clock.flush();
    const announcement = { id: 'latch:ready', event: WALLET_EVENT.ready, data: { ready: true } };
    fromFrame(announcement, 'https://evil.example');
    fromFrame(announcement, FRAME_ORIGIN, { postMessage() {} });
    await clock.advance(15_000);
    expect(ready.error).toMatchObject({ code: 'client_request_timeout' });
    expect(posted).toHaveLength(0);
  });

  it('shares one request among identical in-flight creates, and sends a different one separately', async () => {
    const { clock, bridge, posted, fromFrame, announceReady } = setup();
    const first = settled(bridge.create({ accessToken: 't1' }));
    const second = settled(bridge.create({ accessToken: 't1' }));
    const other = settled(bridge.create({ accessToken: 't2' }));
    await clock.flush();
    announceReady();
    await clock.flush();
    expect(posted.map((p) => (p.message.data as { accessToken: string }).accessToken).sort()).toEqual(['t1', 't2']);
    for (const { message } of posted) fromFrame({ id: message.id, event: message.event, data: { address: ADDRESS } });
    await clock.flush();
    expect(first.value).toEqual({ address: ADDRESS });
    expect(second.value).toBe(first.value);
    expect(other.value).toEqual({ address: ADDRESS });
  });

  it("times the create out after 10 s with SPEC's text, and waits 30 s for the frame in creation flows", async () => {
    const { clock, bridge, announceReady } = setup();
    const slowFrame = settled(bridge.create({ accessToken: 't1' }, 30_000));
    await clock.advance(29_000);
    expect(slowFrame.done).toBe(false);
    announceReady();
    await clock.advance(9_999);
    expect(slowFrame.done).toBe(false);
    await clock.advance(1);
    expect(slowFrame.error).toMatchObject({ code: 'client_request_timeout', message: 'walletProxy.create timed out.' });
  });

  it('drops a frame that never got ready and mounts a fresh one on the next call', async () => {
    const { clock, bridge, mounted, removed } = setup();
    const first = settled(bridge.ready());
    await clock.advance(15_000);
    expect(first.error).toBeDefined();
    expect(removed()).toBe(1);
    void bridge.ready().catch(() => {});
    await clock.flush();
    expect(mounted).toHaveLength(2);
  });

  it("maps error replies to SPEC §8's texts and keeps the frame's error type", async () => {
    const { clock, bridge, posted, fromFrame, announceReady } = setup();
    void bridge.ready();
    announceReady();
    await clock.flush();
    const recover = settled(
      bridge.recover({ accessToken: 't', address: ADDRESS, recoveryMethod: 'user-passcode', password: 'x' }),
    );
    const connect = settled(bridge.connect({ accessToken: 't', address: ADDRESS }));
    const sign = settled(
      bridge.rpc({ accessToken: 't', address: ADDRESS, request: { method: 'personal_sign', params: ['hi', ADDRESS] } }),
    );
    await clock.flush();
    const [r, c, s] = posted.map((p) => p.message);
    fromFrame({ id: r?.id, event: r?.event, error: { type: 'invalid_recovery_pin', message: 'wrong' } });
    fromFrame({ id: c?.id, event: c?.event, error: { type: 'wallet_not_on_device', message: 'not here' } });
    fromFrame({ id: s?.id, event: s?.event, error: { type: 'error', message: 'Too many attempts (code 429)' } });
    await clock.flush();
    expect(recover.error).toMatchObject({
      code: 'invalid_recovery_pin',
      message: 'Invalid recovery password, please try again.',
    });
    expect(connect.error).toMatchObject({ code: 'wallet_not_on_device', proxyType: 'wallet_not_on_device' });
    expect(sign.error).toMatchObject({
      code: 'internal_error',
      message: 'An error has occurred, please try again.',
      rateLimited: true,
    });
  });

  it("registers the device with the login's grant through latch:device:register", async () => {
    const { clock, bridge, posted, fromFrame, announceReady } = setup();
    const registered = settled(bridge.registerDevice({ accessToken: 't1', deviceGrant: 'g'.repeat(43) }));
    await clock.flush();
    announceReady();
    await clock.flush();
    expect(posted.map((p) => p.message)).toMatchObject([
      { event: WALLET_EVENT.deviceRegister, data: { accessToken: 't1', deviceGrant: 'g'.repeat(43) } },
    ]);
    expect(posted[0]?.targetOrigin).toBe(FRAME_ORIGIN);
    const { id, event } = posted[0]?.message ?? {};
    fromFrame({ id, event, data: { deviceId: 'thumbprint' } });
    await clock.flush();
    expect(registered).toMatchObject({ done: true, value: undefined });
  });

  it('clears a ready frame with latch:wallet:clear, and mounts no frame only to clear it', async () => {
    const { clock, bridge, mounted, posted, fromFrame, announceReady, removed } = setup();
    await bridge.clear();
    expect(mounted).toEqual([]);
    expect(posted).toEqual([]);

    void bridge.ready();
    announceReady();
    await clock.flush();
    const cleared = settled(bridge.clear());
    await clock.flush();
    expect(posted.map((p) => p.message.event)).toEqual([WALLET_EVENT.walletClear]);
    const { id, event } = posted[0]?.message ?? {};
    fromFrame({ id, event, data: {} });
    await clock.flush();
    expect(cleared.done).toBe(true);
    expect(cleared.error).toBeUndefined();

    // Destroyed (logout): the frame is gone, and the next user's call mounts a fresh one.
    bridge.destroy();
    expect(removed()).toBe(1);
    void bridge.ready().catch(() => {});
    await clock.flush();
    expect(mounted).toHaveLength(2);
  });

  it('rejects pending requests and removes the frame on destroy', async () => {
    const { clock, bridge, announceReady, listeners, removed } = setup();
    void bridge.ready();
    announceReady();
    await clock.flush();
    const sign = settled(bridge.connect({ accessToken: 't', address: ADDRESS }));
    await clock.flush();
    bridge.destroy();
    await clock.flush();
    expect(sign.error).toMatchObject({ code: 'client_request_cancelled' });
    expect(listeners.size).toBe(0);
    expect(removed()).toBe(1);
  });
});
