import { TIMEOUT } from '@latch/protocol';
import { type Clock, systemClock } from '../clock.js';
import { EIP6963_EVENT, type Eip1193Provider, type Eip6963ProviderDetail } from './eip1193.js';
import { isEip1193Provider } from './eip1193Guards.js';
import { knownWalletByInjectedFlags, walletClientTypeFor } from './knownWallets.js';

/** A wallet found in the page. */
export interface DiscoveredWallet {
  /** EIP-6963 uuid, or `injected` for the `window.ethereum` fallback. */
  id: string;
  name: string;
  icon: string | null;
  rdns: string | null;
  walletClientType: string;
  source: 'eip6963' | 'injected';
  provider: Eip1193Provider;
}

/** Where wallets announce themselves: the window, or an EventTarget standing in for it. */
export interface DiscoveryTarget {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  dispatchEvent(event: Event): boolean;
  ethereum?: unknown;
}

/** A running discovery: the wallets so far, change notifications, and a bounded wait for one wallet. */
export interface WalletDiscovery {
  wallets(): DiscoveredWallet[];
  subscribe(listener: () => void): () => void;
  /** The first wallet `match` accepts, waiting up to `ms` (SPEC §9: detection up to 3000 ms); null when none came. */
  waitFor(match: (wallet: DiscoveredWallet) => boolean, ms?: number): Promise<DiscoveredWallet | null>;
  stop(): void;
}

const defaultTarget = (): DiscoveryTarget | null =>
  typeof window === 'undefined' ? null : (window as unknown as DiscoveryTarget);

function isAnnouncement(event: Event): event is CustomEvent<Eip6963ProviderDetail> {
  const detail = (event as CustomEvent<Eip6963ProviderDetail>).detail;
  return (
    typeof detail === 'object' &&
    detail !== null &&
    typeof detail.info?.uuid === 'string' &&
    typeof detail.info.name === 'string' &&
    isEip1193Provider(detail.provider)
  );
}

function injectedWallet(target: DiscoveryTarget): DiscoveredWallet | null {
  const provider = target.ethereum;
  if (!isEip1193Provider(provider)) return null;
  const known = knownWalletByInjectedFlags(provider);
  const name = known?.name ?? 'Browser Wallet';
  return {
    id: 'injected',
    name,
    icon: null,
    rdns: null,
    walletClientType: known?.walletClientType ?? 'unknown',
    source: 'injected',
    provider,
  };
}

/**
 * Finds the page's wallets by EIP-6963 (listens for announcements, then asks for them) and falls back to
 * the injected `window.ethereum` when no announced wallet is that same provider. SSR-safe: with no window
 * it finds nothing.
 */
export function discoverWallets(options: { target?: DiscoveryTarget | null; clock?: Clock } = {}): WalletDiscovery {
  const target = options.target === undefined ? defaultTarget() : options.target;
  const clock = options.clock ?? systemClock;
  const announced = new Map<string, DiscoveredWallet>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const onAnnounce = (event: Event) => {
    if (!isAnnouncement(event)) return;
    const { info, provider } = event.detail;
    const existing = announced.get(info.uuid);
    if (existing && existing.provider === provider) return;
    announced.set(info.uuid, {
      id: info.uuid,
      name: info.name,
      icon: typeof info.icon === 'string' ? info.icon : null,
      rdns: typeof info.rdns === 'string' ? info.rdns : null,
      walletClientType: walletClientTypeFor(typeof info.rdns === 'string' ? info.rdns : null, info.name),
      source: 'eip6963',
      provider,
    });
    notify();
  };
  // MetaMask's legacy signal that window.ethereum was set after the page loaded.
  const onInjected = () => notify();

  if (target) {
    target.addEventListener(EIP6963_EVENT.announce, onAnnounce);
    target.addEventListener('ethereum#initialized', onInjected);
    target.dispatchEvent(new Event(EIP6963_EVENT.request));
  }

  const wallets = (): DiscoveredWallet[] => {
    const list = [...announced.values()];
    const injected = target ? injectedWallet(target) : null;
    if (injected && !list.some((wallet) => wallet.provider === injected.provider)) list.push(injected);
    return list;
  };

  return {
    wallets,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitFor(match, ms = TIMEOUT.walletDetection) {
      return new Promise((resolve) => {
        const found = () => wallets().find(match) ?? null;
        const now = found();
        if (now) return resolve(now);
        const finish = (wallet: DiscoveredWallet | null) => {
          unsubscribe();
          clock.clearTimeout(timer);
          resolve(wallet);
        };
        const unsubscribe = (() => {
          const listener = () => {
            const wallet = found();
            if (wallet) finish(wallet);
          };
          listeners.add(listener);
          return () => listeners.delete(listener);
        })();
        const timer = clock.setTimeout(() => finish(found()), ms);
      });
    },
    stop() {
      target?.removeEventListener(EIP6963_EVENT.announce, onAnnounce);
      target?.removeEventListener('ethereum#initialized', onInjected);
      listeners.clear();
    },
  };
}
