import type { DiscoveredWallet } from './discoverWallets.js';
import { KNOWN_WALLETS } from './knownWallets.js';

/** The wallet list entry that stands for every wallet found in the page and not named elsewhere in the list. */
export const DETECTED_WALLETS = 'detected_wallets';

/** The list when the host configures none: what is in the page, then the common wallets, then WalletConnect. */
export const DEFAULT_WALLET_LIST: readonly string[] = [
  DETECTED_WALLETS,
  'metamask',
  'coinbase_wallet',
  'rainbow',
  'wallet_connect',
];

/** One row of the wallet list (SPEC §2 "a wallet list with a 'Connect' hover label"). */
export interface WalletListEntry {
  /** Stable React key. */
  key: string;
  name: string;
  icon: string | null;
  walletClientType: string;
  /** `injected` for a wallet in the page (or one to install), `wallet_connect` for WalletConnect. */
  connectorType: 'injected' | 'wallet_connect';
  /** The discovered wallet to connect, or null when it is not in the page. */
  walletId: string | null;
  /** False for a named wallet that is not in the page: the UI offers install help or its in-app browser. */
  installed: boolean;
}

const fromDiscovered = (wallet: DiscoveredWallet): WalletListEntry => ({
  key: `${wallet.walletClientType}:${wallet.id}`,
  name: wallet.name,
  icon: wallet.icon,
  walletClientType: wallet.walletClientType,
  connectorType: 'injected',
  walletId: wallet.id,
  installed: true,
});

/** The wallet list in the host's order: named wallets (found or to install), detected ones, WalletConnect. */
export function walletListEntries(
  configured: readonly string[],
  discovered: readonly DiscoveredWallet[],
): WalletListEntry[] {
  const list = configured.length > 0 ? configured : DEFAULT_WALLET_LIST;
  const named = new Set(list.filter((item) => item !== DETECTED_WALLETS));
  const entries: WalletListEntry[] = [];
  const seen = new Set<string>();
  const push = (entry: WalletListEntry) => {
    if (seen.has(entry.key)) return;
    seen.add(entry.key);
    entries.push(entry);
  };
  for (const item of list) {
    if (item === DETECTED_WALLETS) {
      for (const wallet of discovered) if (!named.has(wallet.walletClientType)) push(fromDiscovered(wallet));
      continue;
    }
    if (item === 'wallet_connect') {
      push({
        key: 'wallet_connect',
        name: 'WalletConnect',
        icon: null,
        walletClientType: 'wallet_connect',
        connectorType: 'wallet_connect',
        walletId: null,
        installed: true,
      });
      continue;
    }
    const found = discovered.filter((wallet) => wallet.walletClientType === item);
    if (found.length > 0) {
      for (const wallet of found) push(fromDiscovered(wallet));
      continue;
    }
    const known = KNOWN_WALLETS.find((wallet) => wallet.walletClientType === item);
    push({
      key: item,
      name: known?.name ?? item,
      icon: null,
      walletClientType: item,
      connectorType: 'injected',
      walletId: null,
      installed: false,
    });
  }
  return entries;
}
