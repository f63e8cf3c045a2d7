import type { Eip1193Provider } from '@latch/core/wallet';
import { LatchError } from '@latch/protocol';

/** The Latch connector's id in a config made by @latch/react/wagmi's `createConfig`. */
export const LATCH_CONNECTOR_ID = 'latch';

type Waiter = { address: string; resolve(): void; reject(error: unknown): void };

/**
 * What joins one wagmi config to the Latch provider it is placed in: the provider the Latch connector
 * wraps (the active wallet's), and the host's choice of active wallet with its waiting `setActiveWallet` calls.
 */
export interface LatchWagmiBinding {
  /** The active wallet's provider, read by the connector on each use. */
  provider(): Eip1193Provider;
  use(provider: Eip1193Provider): void;
  getChosen(): string | null;
  /** Chooses the active wallet; resolves once wagmi is connected to it (rejects when connecting failed). */
  choose(address: `0x${string}`): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** The sync acted on `address` (or gave up with `error`): settles the `choose` calls waiting for it. */
  settle(address: string | null, error?: unknown): void;
}

const bindings = new WeakMap<object, LatchWagmiBinding>();

/** Makes the binding of a new config (`createConfig` registers it with `registerBinding`). */
export function createLatchWagmiBinding(): LatchWagmiBinding {
  let current: Eip1193Provider | null = null;
  let chosen: string | null = null;
  let waiters: Waiter[] = [];
  const listeners = new Set<() => void>();
  return {
    provider() {
      if (!current) throw new LatchError('embedded_wallet_not_found');
      return current;
    },
    use(provider) {
      current = provider;
    },
    getChosen: () => chosen,
    choose(address) {
      chosen = address;
      for (const listener of [...listeners]) listener();
      return new Promise<void>((resolve, reject) => waiters.push({ address: address.toLowerCase(), resolve, reject }));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settle(address, error) {
      const key = address?.toLowerCase();
      const done = waiters.filter((waiter) => waiter.address === key);
      waiters = waiters.filter((waiter) => waiter.address !== key);
      for (const waiter of done) error === undefined ? waiter.resolve() : waiter.reject(error);
    },
  };
}

/** Remembers the binding of a config. */
export function registerBinding(config: object, binding: LatchWagmiBinding): void {
  bindings.set(config, binding);
}

/** The binding of a config made by @latch/react/wagmi's `createConfig`; a clear error for any other config. */
export function latchWagmiBindingOf(config: object): LatchWagmiBinding {
  const binding = bindings.get(config);
  if (!binding) throw new Error('The wagmi config must come from createConfig of @latch/react/wagmi.');
  return binding;
}
