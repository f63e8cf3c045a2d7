import { describe, expect, it } from 'vitest';
import { deepLinkScreen, inAppBrowserUrl, takeWalletDeepLink } from './walletDeepLink.js';

const address = (href: string | null) => {
  const replaced: string[] = [];
  return { url: { href: () => href, replace: (next: string) => void replaced.push(next) }, replaced };
};

describe('wallet deep links', () => {
  it('reads the connector and wallet client parameters and strips only them', () => {
    const page = address('https://app.example/play?x=1&latch_connector=injected&latch_wallet_client=phantom#top');
    expect(takeWalletDeepLink(page.url)).toEqual({
      connectorType: 'injected',
      walletClientType: 'phantom',
      handOff: null,
      intent: 'login',
    });
    expect(page.replaced).toEqual(['https://app.example/play?x=1#top']);
  });

  it("carries a signed-in page's hand-off and intent there and back, and strips them even when nothing else is read", () => {
    const link = inAppBrowserUrl('metamask', 'https://app.example/?x=1', { handOff: 'code.verifier', intent: 'link' });
    const page = address(`https://${link!.slice('https://metamask.app.link/dapp/'.length)}`);
    expect(takeWalletDeepLink(page.url)).toEqual({
      connectorType: 'injected',
      walletClientType: 'metamask',
      handOff: 'code.verifier',
      intent: 'link',
    });
    expect(page.replaced).toEqual(['https://app.example/?x=1']);
    // A hand-off alone (no wallet named) is still taken out of the address, and an unknown intent is a login.
    const alone = address('https://app.example/?latch_wallet_handoff=a.b&latch_wallet_intent=admin');
    expect(takeWalletDeepLink(alone.url)).toBeNull();
    expect(alone.replaced).toEqual(['https://app.example/']);
    const odd = address('https://app.example/?latch_wallet_client=phantom&latch_wallet_intent=admin');
    expect(takeWalletDeepLink(odd.url)?.intent).toBe('login');
  });

  it('finds nothing without the parameters or a page, and leaves the address alone', () => {
    const page = address('https://app.example/?x=1');
    expect(takeWalletDeepLink(page.url)).toBeNull();
    expect(page.replaced).toEqual([]);
    expect(takeWalletDeepLink(address(null).url)).toBeNull();
  });

  it('connects a detected wallet, else shows install help on desktop and the interstitial on mobile', () => {
    expect(deepLinkScreen({ detected: true, isMobile: true })).toBe('AWAITING_CONNECTION');
    expect(deepLinkScreen({ detected: false, isMobile: false })).toBe('INSTALL_PHANTOM_SCREEN');
    expect(deepLinkScreen({ detected: false, isMobile: true })).toBe('PHANTOM_INTERSTITIAL_SCREEN');
  });

  it('builds the in-app browser link that comes back with the deep-link parameters', () => {
    const link = inAppBrowserUrl('phantom', 'https://app.example/play?x=1')!;
    expect(link.startsWith('https://phantom.app/ul/browse/')).toBe(true);
    const back = decodeURIComponent(link.slice('https://phantom.app/ul/browse/'.length).split('?ref=')[0]!);
    expect(back).toBe('https://app.example/play?x=1&latch_connector=injected&latch_wallet_client=phantom');
    expect(inAppBrowserUrl('metamask', 'https://app.example/')).toBe(
      'https://metamask.app.link/dapp/app.example/?latch_connector=injected&latch_wallet_client=metamask',
    );
    expect(inAppBrowserUrl('rabby_wallet', 'https://app.example/')).toBeNull();
  });
});
