import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { type DiscoveryTarget, discoverWallets } from './discoverWallets.js';
import { EIP6963_EVENT } from './eip1193.js';
import {
  createWalletHelp,
  INSTALL_GUIDE_STEPS,
  installGuide,
  interstitialView,
  resolveWalletDeepLink,
  walletChoice,
  walletHelpScreen,
  walletHelpTarget,
} from './phantomScreens.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';

const address = (href: string) => {
  const replaced: string[] = [];
  return { url: { href: () => href, replace: (next: string) => void replaced.push(next) }, replaced };
};

describe('walletHelpScreen', () => {
  it('connects a wallet in the page, on any device', () => {
    expect(walletHelpScreen({ installed: true, isMobile: false, walletClientType: 'phantom' })).toBe(
      'AWAITING_CONNECTION',
    );
    expect(walletHelpScreen({ installed: true, isMobile: true, walletClientType: 'phantom' })).toBe(
      'AWAITING_CONNECTION',
    );
  });

  it('shows the install help on desktop and the interstitial on mobile for a wallet not in the page', () => {
    expect(walletHelpScreen({ installed: false, isMobile: false, walletClientType: 'phantom' })).toBe(
      'INSTALL_PHANTOM_SCREEN',
    );
    expect(walletHelpScreen({ installed: false, isMobile: true, walletClientType: 'phantom' })).toBe(
      'PHANTOM_INTERSTITIAL_SCREEN',
    );
    expect(walletHelpScreen({ installed: false, isMobile: true, walletClientType: 'metamask' })).toBe(
      'PHANTOM_INTERSTITIAL_SCREEN',
    );
  });

  it('falls back to the install help on mobile for a wallet without an in-app browser link', () => {
    expect(walletHelpScreen({ installed: false, isMobile: true, walletClientType: 'rabby_wallet' })).toBe(
      'INSTALL_PHANTOM_SCREEN',
    );
  });
});

describe('install guide and interstitial', () => {
  it("gives SPEC's four steps in order and the wallet's download page as 'Learn more'", () => {
    const guide = installGuide(walletHelpTarget('phantom'));
    expect(guide.name).toBe('Phantom');
    expect(guide.steps).toEqual(INSTALL_GUIDE_STEPS);
    expect(guide.steps.at(-1)).toBe('reloadPage');
    expect(guide.learnMoreUrl).toBe('https://phantom.com/download');
    expect(installGuide(walletHelpTarget('some_wallet', 'Some Wallet')).learnMoreUrl).toBeNull();
  });

  it("opens this page in the wallet's in-app browser with the deep-link parameters", () => {
    const view = interstitialView(walletHelpTarget('phantom'), 'https://app.example/play?x=1');
    expect(view.name).toBe('Phantom');
    const target = decodeURIComponent(view.openUrl!.slice('https://phantom.app/ul/browse/'.length).split('?ref=')[0]!);
    expect(new URL(target).searchParams.get('latch_wallet_client')).toBe('phantom');
    expect(new URL(target).searchParams.get('latch_connector')).toBe('injected');
    expect(interstitialView(walletHelpTarget('phantom'), 'not a url').openUrl).toBeNull();
  });
});

describe('createWalletHelp', () => {
  it('remembers the chosen wallet for the screens and tells subscribers', () => {
    const help = createWalletHelp();
    let calls = 0;
    const stop = help.subscribe(() => calls++);
    expect(help.choose(walletHelpTarget('phantom'), { installed: false, isMobile: false })).toBe(
      'INSTALL_PHANTOM_SCREEN',
    );
    expect(help.target()).toEqual({ walletClientType: 'phantom', name: 'Phantom' });
    help.clear();
    expect(help.target()).toBeNull();
    stop();
    help.clear();
    expect(calls).toBe(2);
  });
});

describe('resolveWalletDeepLink', () => {
  const deepLinked = 'https://app.example/?latch_connector=injected&latch_wallet_client=phantom';

  it('connects the deep-linked wallet once it announces itself within the detection window', async () => {
    const clock = createFakeClock();
    const target = new EventTarget() as EventTarget & DiscoveryTarget;
    const discovery = discoverWallets({ target, clock });
    const page = address(deepLinked);
    const resolved = resolveWalletDeepLink({ url: page.url, discovery, isMobile: true, help: createWalletHelp() });
    expect(page.replaced).toEqual(['https://app.example/']);
    await clock.advance(2000);
    const provider = createFakeEip1193Provider(privateKeyToAccount(`0x${'22'.repeat(32)}`));
    const info = { uuid: 'p-1', name: 'Phantom', rdns: 'app.phantom', icon: 'data:image/svg+xml,<svg/>' };
    target.dispatchEvent(new CustomEvent(EIP6963_EVENT.announce, { detail: Object.freeze({ info, provider }) }));
    const result = await resolved;
    expect(result?.screen).toBe('AWAITING_CONNECTION');
    expect(result?.wallet?.id).toBe('p-1');
    discovery.stop();
  });

  it('after 3000 ms without the wallet shows the interstitial on mobile and the install help on desktop', async () => {
    for (const [isMobile, screen] of [
      [true, 'PHANTOM_INTERSTITIAL_SCREEN'],
      [false, 'INSTALL_PHANTOM_SCREEN'],
    ] as const) {
      const clock = createFakeClock();
      const discovery = discoverWallets({ target: new EventTarget() as EventTarget & DiscoveryTarget, clock });
      const help = createWalletHelp();
      const resolved = resolveWalletDeepLink({ url: address(deepLinked).url, discovery, isMobile, help });
      await clock.advance(2999);
      let settled = false;
      void resolved.then(() => {
        settled = true;
      });
      await clock.flush();
      expect(settled).toBe(false);
      await clock.advance(1);
      expect(await resolved).toMatchObject({
        screen,
        wallet: null,
        link: { walletClientType: 'phantom', handOff: null },
      });
      expect(help.target()).toEqual({ walletClientType: 'phantom', name: 'Phantom' });
      discovery.stop();
    }
  });

  it('does nothing without deep-link parameters', async () => {
    const discovery = discoverWallets({ target: null, clock: createFakeClock() });
    const page = address('https://app.example/?x=1');
    expect(
      await resolveWalletDeepLink({ url: page.url, discovery, isMobile: false, help: createWalletHelp() }),
    ).toBeNull();
    expect(page.replaced).toEqual([]);
  });
});

describe('walletChoice', () => {
  const row = (over: Partial<Parameters<typeof walletChoice>[0]>) => ({
    walletId: null,
    installed: false,
    connectorType: 'injected' as const,
    walletClientType: 'phantom',
    name: 'Phantom',
    ...over,
  });

  it('connects a wallet in the page and asks for help with one that is not', () => {
    expect(walletChoice(row({ walletId: 'uuid-1', installed: true }), {})).toEqual({
      kind: 'connect',
      walletId: 'uuid-1',
    });
    expect(walletChoice(row({}), {})).toEqual({
      kind: 'help',
      target: { walletClientType: 'phantom', name: 'Phantom' },
    });
  });

  it("connects WalletConnect only with the app's project id", () => {
    const wc = row({ connectorType: 'wallet_connect', walletClientType: 'wallet_connect', installed: true });
    expect(walletChoice(wc, { walletConnectProjectId: 'abc' })).toEqual({
      kind: 'connect',
      walletId: 'wallet_connect',
    });
    expect(walletChoice(wc, { walletConnectProjectId: null })).toEqual({
      kind: 'unavailable',
      reason: 'no_wallet_connect_project_id',
    });
  });
});
