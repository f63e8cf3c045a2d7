/** A wallet Latch knows by name (SPEC §3 "Known wallets"). */
export interface KnownWallet {
  walletClientType: string;
  name: string;
  /** EIP-6963 reverse-DNS ids the wallet announces itself with. */
  rdns: readonly string[];
  /** The `window.ethereum.is…` flag an injected provider of this wallet sets. */
  injectedFlag?: string;
  /** Where to get the wallet (its download page), for the install help; absent when Latch knows none. */
  installUrl?: string;
}

/** The well-known wallets with built-in display names. */
export const KNOWN_WALLETS: readonly KnownWallet[] = [
  {
    walletClientType: 'metamask',
    name: 'MetaMask',
    rdns: ['io.metamask', 'io.metamask.flask'],
    injectedFlag: 'isMetaMask',
    installUrl: 'https://metamask.io/download/',
  },
  {
    walletClientType: 'coinbase_wallet',
    name: 'Coinbase Wallet',
    rdns: ['com.coinbase.wallet'],
    injectedFlag: 'isCoinbaseWallet',
    installUrl: 'https://www.coinbase.com/wallet/downloads',
  },
  {
    walletClientType: 'rainbow',
    name: 'Rainbow',
    rdns: ['me.rainbow'],
    injectedFlag: 'isRainbow',
    installUrl: 'https://rainbow.me/download',
  },
  {
    walletClientType: 'phantom',
    name: 'Phantom',
    rdns: ['app.phantom'],
    injectedFlag: 'isPhantom',
    installUrl: 'https://phantom.com/download',
  },
  { walletClientType: 'rabby_wallet', name: 'Rabby Wallet', rdns: ['io.rabby'], injectedFlag: 'isRabby' },
  { walletClientType: 'zerion', name: 'Zerion', rdns: ['io.zerion.wallet'], injectedFlag: 'isZerion' },
  { walletClientType: 'okx_wallet', name: 'OKX Wallet', rdns: ['com.okex.wallet'], injectedFlag: 'isOkxWallet' },
  { walletClientType: 'brave_wallet', name: 'Brave Wallet', rdns: ['com.brave.wallet'], injectedFlag: 'isBraveWallet' },
  { walletClientType: 'trust', name: 'Trust Wallet', rdns: ['com.trustwallet.app'], injectedFlag: 'isTrust' },
  { walletClientType: 'uniswap', name: 'Uniswap Wallet', rdns: ['org.uniswap.app'] },
  { walletClientType: 'cryptocom', name: 'Crypto.com Onchain', rdns: ['com.crypto.wallet'] },
  { walletClientType: 'backpack', name: 'Backpack', rdns: ['app.backpack'], injectedFlag: 'isBackpack' },
  { walletClientType: 'frame', name: 'Frame', rdns: ['sh.frame'], injectedFlag: 'isFrame' },
  { walletClientType: 'wallet_connect', name: 'WalletConnect', rdns: [] },
];

/** SPEC §3's one smart-wallet type: a known name and the chain ids it supports. */
export interface KnownSmartWallet {
  walletClientType: string;
  name: string;
  /** The chains the smart wallet is deployed on (EIP-155 ids). */
  chainIds: readonly number[];
}

/**
 * The smart-wallet type (SPEC §3: "One smart-wallet type supports 10 chain ids"): Coinbase Smart Wallet, on the
 * networks its user operations run on — Ethereum, Optimism, BNB Smart Chain, Polygon, Base, Arbitrum One,
 * Avalanche C-Chain, Zora, Base Sepolia and Sepolia.
 */
export const SMART_WALLET: KnownSmartWallet = {
  walletClientType: 'coinbase_smart_wallet',
  name: 'Coinbase Smart Wallet',
  chainIds: [1, 10, 56, 137, 8453, 42161, 43114, 7777777, 84532, 11155111],
};

/** Whether the smart wallet supports `chainId`. */
export function smartWalletSupportsChain(chainId: number): boolean {
  return SMART_WALLET.chainIds.includes(chainId);
}

/** The known wallet of a wallet client type, if any. */
export function knownWalletByClientType(walletClientType: string): KnownWallet | undefined {
  return KNOWN_WALLETS.find((wallet) => wallet.walletClientType === walletClientType);
}

/** The known wallet announcing `rdns`, if any. */
export function knownWalletByRdns(rdns: string): KnownWallet | undefined {
  return KNOWN_WALLETS.find((wallet) => wallet.rdns.includes(rdns));
}

/** The known wallet an injected provider's `is…` flags name (first match wins), if any. */
export function knownWalletByInjectedFlags(provider: object): KnownWallet | undefined {
  const flags = provider as Record<string, unknown>;
  // Several wallets also set isMetaMask for compatibility: check MetaMask last.
  const ordered = [...KNOWN_WALLETS].sort(
    (a, b) => Number(a.walletClientType === 'metamask') - Number(b.walletClientType === 'metamask'),
  );
  return ordered.find((wallet) => wallet.injectedFlag !== undefined && flags[wallet.injectedFlag] === true);
}

/** A wallet client type for an unknown wallet: its rdns (or name), lower-cased, with `_` for other characters. */
export function walletClientTypeFor(rdns: string | null, name: string): string {
  const known = rdns ? knownWalletByRdns(rdns) : undefined;
  if (known) return known.walletClientType;
  return (
    (rdns ?? name)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 64) || 'unknown'
  );
}
