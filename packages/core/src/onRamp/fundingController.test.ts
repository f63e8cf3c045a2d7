import { LatchError, toAppConfig, type User } from '@latch/protocol';
import { ON_RAMP_DEFAULT_CURRENCY } from '@latch/protocol/onRamp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LatchClient } from '../client.js';
import { FIXTURE_ADDRESS } from '../embeddedWallet/embeddedWalletRuntimeFixture.js';
import { serverAppConfig } from '../testing/appConfigFixture.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFundingController } from './fundingController.js';
import type { FundingState } from './fundingFlow.js';
import { onRampCurrencyCode } from './onRampCurrency.js';

const SIGNED = {
  signedUrl: 'https://buy.test/?s=1',
  externalTransactionId: 'ext_1',
  statusUrl: 'https://api.test/ext_1',
};
const withWallet = {
  id: 'did:latch:u',
  linkedAccounts: [{ type: 'wallet', address: FIXTURE_ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }],
} as unknown as User;
const withoutWallet = { id: 'did:latch:u', linkedAccounts: [] } as unknown as User;

function setup(state: { enabled?: boolean; useSandbox?: boolean; user?: User | null; chainId?: number } = {}) {
  const server = toAppConfig(
    serverAppConfig('a'.repeat(25), { fiat_on_ramp_enabled: state.enabled ?? true, accent_color: '#f0a' }),
  );
  const config = { ...server, fiatOnRamp: { enabled: state.enabled ?? true, useSandbox: state.useSandbox ?? false } };
  const signed: unknown[] = [];
  const client = {
    getState: () => ({ config, user: state.user === undefined ? withWallet : state.user }),
    authedRequest: async (_path: string, body: unknown) => {
      signed.push(body);
      return SIGNED;
    },
  } as unknown as LatchClient;
  const clock = createFakeClock();
  const provider = { request: async () => `0x${(state.chainId ?? 8453).toString(16)}` };
  let published: FundingState | null = null;
  const controller = createFundingController({ client, clock, provider, publish: (s) => (published = s) });
  return { funding: { ...controller, getState: () => published }, signed, clock };
}

afterEach(() => vi.unstubAllGlobals());

describe('fundWallet', () => {
  it("defaults to the user's embedded wallet on its current chain, native token, the widget's look", async () => {
    const { funding, signed, clock } = setup({ useSandbox: true });
    const result = funding.fundWallet({ amount: 0.05 });
    await clock.flush();
    expect(signed).toEqual([
      {
        address: FIXTURE_ADDRESS,
        useSandbox: true,
        config: {
          currencyCode: 'eth_base',
          quoteCurrencyAmount: 0.05,
          // #f0a spelled out for the provider; the default scheme is light.
          uiConfig: { accentColor: '#ff00aa', theme: 'light' },
        },
      },
    ]);
    expect(funding.getState()?.step).toBe('prompt');
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    funding.dispatch({ type: 'continue' });
    expect(opened).toHaveBeenCalledWith(SIGNED.signedUrl, '_blank', 'noopener,noreferrer');
    funding.dispatch({ type: 'close' });
    await expect(result).resolves.toEqual({ status: 'pending' });
  });

  it('takes the given address, chain and asset', async () => {
    const { funding, signed, clock } = setup();
    void funding.fundWallet({ address: `0x${'c'.repeat(40)}`, chain: { id: 137 }, asset: 'USDC' });
    await clock.flush();
    expect(signed[0]).toMatchObject({ address: `0x${'c'.repeat(40)}`, config: { currencyCode: 'usdc_polygon' } });
    expect(signed[0]).not.toHaveProperty('config.quoteCurrencyAmount');
  });

  it('refuses clearly when the on-ramp is off, nobody is logged in, there is no wallet, or the chain is not sold', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: LatchError) => error.code,
      );
    expect(await refusal(setup({ enabled: false }).funding.fundWallet())).toBe('invalid_data');
    await expect(setup({ enabled: false }).funding.fundWallet()).rejects.toThrow('not enabled for this app');
    expect(await refusal(setup({ user: null }).funding.fundWallet())).toBe('must_be_authenticated');
    expect(await refusal(setup({ user: withoutWallet }).funding.fundWallet())).toBe('embedded_wallet_not_found');
    expect(await refusal(setup({ chainId: 56 }).funding.fundWallet())).toBe('invalid_data');
    expect(setup().funding.getState()).toBeNull();
  });
});

describe('onRampCurrencyCode', () => {
  it.each([
    [1, 'native', 'eth'],
    [8453, 'native', 'eth_base'],
    [10, 'native', 'eth_optimism'],
    [42161, 'native', 'eth_arbitrum'],
    [137, 'native', 'pol_polygon'],
    [1, 'USDC', 'usdc'],
    [8453, 'USDC', 'usdc_base'],
    [10, 'USDC', 'usdc_optimism'],
    [42161, 'USDC', 'usdc_arbitrum'],
    [137, 'USDC', 'usdc_polygon'],
    // The dev chain: the stand-in pays ETH on anvil.
    [31337, 'native', 'eth'],
    [31337, 'USDC', null],
    [56, 'native', null],
  ] as const)('chain %i, %s → %s', (chainId, asset, code) => {
    expect(onRampCurrencyCode(chainId, asset)).toBe(code);
  });

  it('without a chain: the default currency (ETH on Ethereum)', () => {
    expect(onRampCurrencyCode(undefined)).toBe(ON_RAMP_DEFAULT_CURRENCY);
    expect(ON_RAMP_DEFAULT_CURRENCY).toBe('eth');
  });
});

it('a LatchError is what fundWallet rejects with', async () => {
  await expect(setup({ enabled: false }).funding.fundWallet()).rejects.toBeInstanceOf(LatchError);
});
