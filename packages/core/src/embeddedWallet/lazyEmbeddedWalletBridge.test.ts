import { describe, expect, it } from 'vitest';
import type { FrameHost, FrameTarget } from './frameHost.js';
import { createLazyEmbeddedWalletBridge } from './lazyEmbeddedWalletBridge.js';

/** A host page that records frame mounts and removals; the frame never answers. */
function recordingHost() {
  const mounts: string[] = [];
  let removals = 0;
  const host: FrameHost = {
    mountFrame(src) {
      mounts.push(src);
      const target: FrameTarget = { postMessage: () => undefined };
      return { target, remove: () => void removals++ };
    },
    listen: () => () => undefined,
  };
  return { host, mounts, removals: () => removals };
}

const options = (host: FrameHost) => ({ apiUrl: 'http://127.0.0.1:1', appId: 'a'.repeat(25), host });

describe('lazy embedded wallet bridge', () => {
  it('mounts nothing until first used, then runs the real bridge', async () => {
    const { host, mounts } = recordingHost();
    const bridge = createLazyEmbeddedWalletBridge(options(host));
    expect(mounts).toEqual([]);
    await expect(bridge.ready(1)).rejects.toThrow();
    expect(mounts).toEqual([`http://127.0.0.1:1/apps/${'a'.repeat(25)}/embedded-wallets`]);
  });

  it('destroys the real bridge once loaded, removing its frame and failing what waits', async () => {
    const { host, mounts, removals } = recordingHost();
    const bridge = createLazyEmbeddedWalletBridge(options(host));
    const pending = bridge.ready(60_000);
    await expect.poll(() => mounts.length).toBe(1);
    bridge.destroy();
    await expect(pending).rejects.toThrow();
    expect(removals()).toBe(1);
  });

  it('cancels a call begun before destroy without mounting; clear loads nothing; a later call starts over', async () => {
    const { host, mounts } = recordingHost();
    const bridge = createLazyEmbeddedWalletBridge(options(host));
    const early = bridge.ready(1);
    bridge.destroy();
    await expect(early).rejects.toMatchObject({ code: 'client_request_cancelled' });
    expect(mounts).toEqual([]);
    await expect(bridge.clear()).resolves.toBeUndefined();
    expect(mounts).toEqual([]);
    // The next user (after a logout) gets a fresh frame.
    await expect(bridge.ready(1)).rejects.toMatchObject({ code: 'client_request_timeout' });
    expect(mounts).toHaveLength(1);
  });
});
