import type { UrlAccess } from '../session/returnParams.js';

/** The wallet deep-link query parameters read on page load and then stripped (SPEC §2). */
export const WALLET_DEEP_LINK_PARAM = {
  connector: 'latch_connector',
  walletClient: 'latch_wallet_client',
} as const;

/** A wallet the address asked for. */
export interface WalletDeepLink {
  connectorType: string;
  walletClientType: string;
}

/** Reads the wallet deep-link parameters and strips them from the address (other parameters stay). */
export function takeWalletDeepLink(url: UrlAccess): WalletDeepLink | null {
  const href = url.href();
  if (href === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(href);
  } catch {
    return null;
  }
  const connectorType = parsed.searchParams.get(WALLET_DEEP_LINK_PARAM.connector);
  const walletClientType = parsed.searchParams.get(WALLET_DEEP_LINK_PARAM.walletClient);
  if (connectorType === null && walletClientType === null) return null;
  parsed.searchParams.delete(WALLET_DEEP_LINK_PARAM.connector);
  parsed.searchParams.delete(WALLET_DEEP_LINK_PARAM.walletClient);
  url.replace(parsed.toString());
  const clean = (value: string | null) => (value ?? '').trim().slice(0, 64);
  if (!clean(walletClientType)) return null;
  return { connectorType: clean(connectorType) || 'injected', walletClientType: clean(walletClientType) };
}

/** Where a deep-linked wallet goes (SPEC §4): connect when detected; else install help (desktop) or the in-app browser (mobile). */
export function deepLinkScreen(options: {
  detected: boolean;
  isMobile: boolean;
}): 'AWAITING_CONNECTION' | 'INSTALL_PHANTOM_SCREEN' | 'PHANTOM_INTERSTITIAL_SCREEN' {
  if (options.detected) return 'AWAITING_CONNECTION';
  return options.isMobile ? 'PHANTOM_INTERSTITIAL_SCREEN' : 'INSTALL_PHANTOM_SCREEN';
}

/**
 * The link that reopens `pageUrl` in a wallet's in-app browser (the wallets' documented universal links),
 * carrying the deep-link parameters so the page connects that wallet there; null for wallets without one.
 */
export function inAppBrowserUrl(walletClientType: string, pageUrl: string): string | null {
  const page = new URL(pageUrl);
  page.searchParams.set(WALLET_DEEP_LINK_PARAM.connector, 'injected');
  page.searchParams.set(WALLET_DEEP_LINK_PARAM.walletClient, walletClientType);
  const target = page.toString();
  switch (walletClientType) {
    case 'phantom':
      return `https://phantom.app/ul/browse/${encodeURIComponent(target)}?ref=${encodeURIComponent(page.origin)}`;
    case 'metamask':
      return `https://metamask.app.link/dapp/${target.replace(/^https?:\/\//, '')}`;
    case 'coinbase_wallet':
      return `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(target)}`;
    default:
      return null;
  }
}
