import type { UrlAccess } from '../session/returnParams.js';
import type { DiscoveredWallet, WalletDiscovery } from './discoverWallets.js';
import { knownWalletByClientType } from './knownWallets.js';
import type { WalletIntent } from './walletConnectionTypes.js';
import { inAppBrowserUrl, takeWalletDeepLink, type WalletDeepLink } from './walletDeepLink.js';
import type { WalletListEntry } from './walletListEntries.js';

/** The install-help screens (SPEC §2), named after the wallet they were first made for. */
export const PHANTOM_SCREEN = {
  interstitial: 'PHANTOM_INTERSTITIAL_SCREEN',
  install: 'INSTALL_PHANTOM_SCREEN',
} as const;

/** Where a chosen or deep-linked wallet goes. */
export type WalletHelpScreen =
  | 'AWAITING_CONNECTION'
  | (typeof PHANTOM_SCREEN)['interstitial']
  | (typeof PHANTOM_SCREEN)['install'];

/** A wallet the user asked for by name. */
export interface WalletHelpTarget {
  walletClientType: string;
  name: string;
  /** What the user wants the wallet for (the list's intent); a signed-in page carries it to the wallet's browser. */
  intent?: WalletIntent;
}

/** The wallet a client type names: its known display name, else the type itself. */
export function walletHelpTarget(walletClientType: string, name?: string | null): WalletHelpTarget {
  return { walletClientType, name: name || knownWalletByClientType(walletClientType)?.name || walletClientType };
}

/**
 * SPEC §4: a wallet in the page connects (AWAITING_CONNECTION). One that is not: on mobile, where wallets are
 * apps, the interstitial reopens the page in the wallet's in-app browser when the wallet has one; otherwise
 * (desktop, or a mobile wallet without an in-app browser link) the install help.
 */
export function walletHelpScreen(options: {
  installed: boolean;
  isMobile: boolean;
  walletClientType: string;
}): WalletHelpScreen {
  if (options.installed) return 'AWAITING_CONNECTION';
  if (options.isMobile && inAppBrowserUrl(options.walletClientType, 'https://page.invalid/') !== null) {
    return PHANTOM_SCREEN.interstitial;
  }
  return PHANTOM_SCREEN.install;
}

/** The install guide's steps in order (SPEC §2): the texts are the widget's strings of the same names. */
export const INSTALL_GUIDE_STEPS = [
  'installExtension',
  'setUpFirstWallet',
  'storeRecoveryPhrase',
  'reloadPage',
] as const;

/** What INSTALL_PHANTOM_SCREEN shows for a wallet. */
export interface InstallGuide extends WalletHelpTarget {
  steps: typeof INSTALL_GUIDE_STEPS;
  /** The 'Learn more' link: the wallet's download page, or null when Latch knows none. */
  learnMoreUrl: string | null;
}

/** The install guide for a wallet not in the page. */
export function installGuide(target: WalletHelpTarget): InstallGuide {
  return {
    ...target,
    steps: INSTALL_GUIDE_STEPS,
    learnMoreUrl: knownWalletByClientType(target.walletClientType)?.installUrl ?? null,
  };
}

/** What PHANTOM_INTERSTITIAL_SCREEN shows: the link reopening this page in the wallet's in-app browser. */
export function interstitialView(
  target: WalletHelpTarget,
  pageUrl: string,
): WalletHelpTarget & { openUrl: string | null } {
  let openUrl: string | null = null;
  try {
    openUrl = inAppBrowserUrl(target.walletClientType, pageUrl);
  } catch {
    openUrl = null;
  }
  return { ...target, openUrl };
}

/**
 * The interstitial's link once the user taps it: for a signed-in page, with a session hand-off forked now (so the
 * user stays signed in in the wallet's browser); for a signed-out page, or when the fork is refused (cookie mode
 * keeps its session in this browser), the plain link. Null for wallets without an in-app browser link.
 */
export async function interstitialLink(
  client: { getState(): { authenticated: boolean }; startWalletHandOff(): Promise<string> },
  target: WalletHelpTarget,
  pageUrl: string,
): Promise<string | null> {
  const plain = interstitialView(target, pageUrl).openUrl;
  if (plain === null || !client.getState().authenticated) return plain;
  try {
    const handOff = await client.startWalletHandOff();
    return inAppBrowserUrl(target.walletClientType, pageUrl, { handOff, intent: target.intent ?? 'link' });
  } catch (error) {
    console.warn('Latch: the session is not handed to the wallet browser; it opens signed out there.', error);
    return plain;
  }
}

/** Remembers which wallet the help screens are about, for the screens to read. */
export interface WalletHelp {
  target(): WalletHelpTarget | null;
  subscribe(listener: () => void): () => void;
  /** Records the wallet and returns the screen to show for it. */
  choose(target: WalletHelpTarget, where: { installed: boolean; isMobile: boolean }): WalletHelpScreen;
  clear(): void;
}

/** A `WalletHelp` holder. */
export function createWalletHelp(): WalletHelp {
  let current: WalletHelpTarget | null = null;
  const listeners = new Set<() => void>();
  const set = (next: WalletHelpTarget | null) => {
    current = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    target: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    choose(target, where) {
      set(target);
      return walletHelpScreen({ ...where, walletClientType: target.walletClientType });
    },
    clear: () => set(null),
  };
}

/**
 * Reads the wallet deep-link parameters on load (and strips them), waits up to 3000 ms for that wallet to
 * appear in the page, and says where to go: the found wallet connects; otherwise the help screen.
 * Null when the address carries no deep link.
 */
export async function resolveWalletDeepLink(options: {
  url: UrlAccess;
  discovery: Pick<WalletDiscovery, 'waitFor'>;
  isMobile: boolean;
  help: WalletHelp;
}): Promise<{ screen: WalletHelpScreen; wallet: DiscoveredWallet | null; link: WalletDeepLink } | null> {
  const link = takeWalletDeepLink(options.url);
  if (!link) return null;
  const wallet =
    link.connectorType === 'injected'
      ? await options.discovery.waitFor((found) => found.walletClientType === link.walletClientType)
      : null;
  const screen = options.help.choose(walletHelpTarget(link.walletClientType, wallet?.name), {
    installed: wallet !== null,
    isMobile: options.isMobile,
  });
  return { screen, wallet, link };
}

/** The connector id WalletConnect is selected by (`select(WALLET_CONNECT_ID, ...)`). */
export const WALLET_CONNECT_ID = 'wallet_connect';

/** What choosing a row of the wallet list does. */
export type WalletChoice =
  | { kind: 'connect'; walletId: string }
  | { kind: 'help'; target: WalletHelpTarget }
  | { kind: 'unavailable'; reason: 'no_wallet_connect_project_id' };

/**
 * A wallet in the page connects; WalletConnect connects when the app has a `wallet_connect_cloud_project_id`
 * and is unavailable without one; a named wallet not in the page gets the help (install or in-app browser).
 */
export function walletChoice(
  entry: Pick<WalletListEntry, 'walletId' | 'installed' | 'connectorType' | 'walletClientType' | 'name'>,
  app: { walletConnectProjectId?: string | null },
): WalletChoice {
  if (entry.connectorType === 'wallet_connect') {
    return app.walletConnectProjectId
      ? { kind: 'connect', walletId: WALLET_CONNECT_ID }
      : { kind: 'unavailable', reason: 'no_wallet_connect_project_id' };
  }
  if (entry.installed && entry.walletId) return { kind: 'connect', walletId: entry.walletId };
  return { kind: 'help', target: walletHelpTarget(entry.walletClientType, entry.name) };
}
