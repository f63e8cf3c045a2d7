import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { type DiscoveryTarget, discoverWallets } from './discoverWallets.js';
import { EIP6963_EVENT, type Eip1193Provider, type Eip6963ProviderDetail } from './eip1193.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';

const account = privateKeyToAccount(`0x${'11'.repeat(32)}`);

/** A window stand-in; wallets announce the way EIP-6963 extensions do. */
function page(ethereum?: Eip1193Provider) {
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  if (ethereum) target.ethereum = ethereum;
  const requests: number[] = [];
  target.addEventListener(EIP6963_EVENT.request, () => requests.push(1));
  const announce = (detail: Eip6963ProviderDetail) =>
    target.dispatchEvent(new CustomEvent(EIP6963_EVENT.announce, { detail: Object.freeze(detail) }));
  /** An extension that answers every request with its announcement, like real ones. */
  const install = (detail: Eip6963ProviderDetail) => {
    target.addEventListener(EIP6963_EVENT.request, () => announce(detail));
    announce(detail);
  };
  return { target, requests, announce, install };
}

const info = (uuid: string, name: string, rdns: string) => ({ uuid, name, rdns, icon: 'data:image/svg+xml,<svg/>' });

describe('discoverWallets (EIP-6963 with the window.ethereum fallback)', () => {
  it('asks for providers and lists every announced wallet once, with its client type', () => {
    const { target, requests, install } = page();
    const metamask = createFakeEip1193Provider(account);
    const unknown = createFakeEip1193Provider(account);
    install({ info: info('u-1', 'MetaMask', 'io.metamask'), provider: metamask });
    const discovery = discoverWallets({ target, clock: createFakeClock() });
    expect(requests).toHaveLength(1);
    install({ info: info('u-2', 'Some Wallet!', 'xyz.some-wallet'), provider: unknown });
    install({ info: info('u-1', 'MetaMask', 'io.metamask'), provider: metamask });
    expect(
      discovery.wallets().map(({ id, name, walletClientType, source }) => ({ id, name, walletClientType, source })),
    ).toEqual([
      { id: 'u-1', name: 'MetaMask', walletClientType: 'metamask', source: 'eip6963' },
      { id: 'u-2', name: 'Some Wallet!', walletClientType: 'xyz_some_wallet', source: 'eip6963' },
    ]);
    discovery.stop();
  });

  it('ignores malformed announcements', () => {
    const { target, announce } = page();
    const discovery = discoverWallets({ target, clock: createFakeClock() });
    announce({ info: { uuid: 7 } as never, provider: createFakeEip1193Provider(account) });
    announce({ info: info('u-3', 'X', 'x.y'), provider: {} as never });
    expect(discovery.wallets()).toEqual([]);
  });

  it('falls back to window.ethereum, unless an announced wallet is that same provider', () => {
    const injected = Object.assign(createFakeEip1193Provider(account), { isMetaMask: true });
    const { target, install } = page(injected);
    const discovery = discoverWallets({ target, clock: createFakeClock() });
    expect(discovery.wallets()).toEqual([
      expect.objectContaining({ id: 'injected', name: 'MetaMask', walletClientType: 'metamask', source: 'injected' }),
    ]);
    install({ info: info('u-1', 'MetaMask', 'io.metamask'), provider: injected });
    expect(discovery.wallets().map((w) => w.source)).toEqual(['eip6963']);
  });

  it('finds nothing and touches nothing without a window (SSR)', () => {
    expect(discoverWallets({ target: null }).wallets()).toEqual([]);
  });

  it('waits for a wallet up to 3000 ms: found when it announces at 2999 ms, null when it comes at 3000 ms', async () => {
    const clock = createFakeClock();
    const { target, announce } = page();
    const discovery = discoverWallets({ target, clock });
    const isRabby = (w: { walletClientType: string }) => w.walletClientType === 'rabby_wallet';

    const early = discovery.waitFor(isRabby);
    clock.setTimeout(
      () => announce({ info: info('r', 'Rabby', 'io.rabby'), provider: createFakeEip1193Provider(account) }),
      2999,
    );
    await clock.advance(2999);
    await expect(early).resolves.toMatchObject({ name: 'Rabby' });

    const late = discovery.waitFor((w) => w.walletClientType === 'phantom');
    let settled: unknown = 'pending';
    late.then((value) => (settled = value));
    await clock.advance(2999);
    expect(settled).toBe('pending');
    await clock.advance(1);
    expect(settled).toBeNull();
    expect(clock.pendingTimers()).toBe(0);
  });
});
