import { LatchError } from '@latch/protocol';
import type { EmbeddedWalletBridge, EmbeddedWalletBridgeOptions } from './embeddedWalletBridge.js';

/**
 * The bridge, loaded on first use: the frame messaging and its reply schemas stay out of the host
 * page's initial JavaScript (DESIGN §1: what the landing screen does not need loads lazily).
 */
export function createLazyEmbeddedWalletBridge(options: EmbeddedWalletBridgeOptions): EmbeddedWalletBridge {
  let loading: Promise<EmbeddedWalletBridge> | null = null;
  let loaded: EmbeddedWalletBridge | null = null;
  // Bumped by destroy(): a call that began before it must not mount a frame after it (logout).
  let generation = 0;
  const cancelled = () => new LatchError('client_request_cancelled', 'The embedded wallet was closed.');
  const bridge = async (): Promise<EmbeddedWalletBridge> => {
    const started = generation;
    loading ??= import('./embeddedWalletBridge.js').then((module) => {
      loaded = module.createEmbeddedWalletBridge(options);
      return loaded;
    });
    const real = await loading;
    if (started !== generation) throw cancelled();
    return real;
  };
  return {
    ready: async (timeoutMs) => (await bridge()).ready(timeoutMs),
    create: async (data, readyTimeoutMs) => (await bridge()).create(data, readyTimeoutMs),
    connect: async (data) => (await bridge()).connect(data),
    recover: async (data) => (await bridge()).recover(data),
    setRecoveryPassword: async (data) => (await bridge()).setRecoveryPassword(data),
    rpc: async (data) => (await bridge()).rpc(data),
    registerDevice: async (data) => (await bridge()).registerDevice(data),
    // The rarely used calls (MFA) go to the loaded bridge itself, to keep this file small.
    load: bridge,
    // Never loads the bridge: a frame that was never mounted has nothing to forget.
    clear: async () => loaded?.clear(),
    destroy() {
      generation += 1;
      loaded?.destroy();
    },
  };
}
