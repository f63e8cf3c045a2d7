import type { UrlAccess } from '../session/returnParams.js';
import type { WalletIntent } from './walletConnectionTypes.js';

/** The wallet deep-link query parameters read on page load and then stripped (SPEC §2). */
export const WALLET_DEEP_LINK_PARAM = {
  connector: 'latch_connector',
  walletClient: 'latch_wallet_client',
  /** The mobile wallet redirect's session hand-off (`code.verifier`, docs/client.md "Into a wallet's browser"). */
  handOff: 'latch_wallet_handoff',
  /** What the signed-in user went to the wallet for: 'link' or 'connect-only' (read only with a hand-off). */
  intent: 'latch_wallet_intent',
} as const;

/** A wallet the address asked for. */
export interface WalletDeepLink {
  connectorType: string;
  walletClientType: string;
  /** The session hand-off the link carries (the signed-in page that sent it), else null. */
  handOff?: string | null;
  /** The signed-in user's purpose with the wallet, carried with a hand-off. */
  intent?: WalletIntent;
}

/** What a signed-in page sends along to the wallet's browser: its session hand-off and what the wallet is for. */
export interface WalletHandOffCarry {
  handOff: string;
  intent: WalletIntent;
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
  const params = parsed.searchParams;
  const connectorType = params.get(WALLET_DEEP_LINK_PARAM.connector);
  const walletClientType = params.get(WALLET_DEEP_LINK_PARAM.walletClient);
  const handOff = params.get(WALLET_DEEP_LINK_PARAM.handOff);
  const intent = params.get(WALLET_DEEP_LINK_PARAM.intent);
  if (connectorType === null && walletClientType === null && handOff === null) return null;
  for (const name of Object.values(WALLET_DEEP_LINK_PARAM)) params.delete(name);
  url.replace(parsed.toString());
  const clean = (value: string | null) => (value ?? '').trim().slice(0, 64);
  if (!clean(walletClientType)) return null;
  return {
    connectorType: clean(connectorType) || 'injected',
    walletClientType: clean(walletClientType),
    // A code and a verifier, each 43 base64url characters: anything longer is no hand-off of ours.
    handOff: handOff && handOff.length <= 200 ? handOff : null,
    intent: intent === 'link' || intent === 'connect-only' ? intent : 'login',
  };
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
 * carrying the deep-link parameters so the page connects that wallet there (and a signed-in page's hand-off, so
 * the user stays signed in there); null for wallets without one.
 */
export function inAppBrowserUrl(walletClientType: string, pageUrl: string, carry?: WalletHandOffCarry): string | null {
  const page = new URL(pageUrl);
  page.searchParams.set(WALLET_DEEP_LINK_PARAM.connector, 'injected');
  page.searchParams.set(WALLET_DEEP_LINK_PARAM.walletClient, walletClientType);
  if (carry) {
    page.searchParams.set(WALLET_DEEP_LINK_PARAM.handOff, carry.handOff);
    page.searchParams.set(WALLET_DEEP_LINK_PARAM.intent, carry.intent);
  }
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
