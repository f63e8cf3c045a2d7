import { LatchError } from '@latch/protocol';
import type { OnRampStatus } from '@latch/protocol/onRamp';
import type { LatchClient } from '../client.js';
import { embeddedWalletOf } from '../embeddedWallet/embeddedWalletController.js';
import type { EmbeddedWalletProvider } from '../embeddedWallet/embeddedWalletProvider.js';
import type { FlowClock } from '../machine/flowClock.js';
import type { FundingEvent, FundingState } from './fundingFlow.js';
import { createFundingRunner, fundingRequest } from './fundingRunner.js';
import type { OnRampAsset } from './onRampCurrency.js';

/** `fundWallet`'s options (SPEC §2 on-ramp screens); every one optional. */
export interface FundWalletOptions {
  /** The wallet to fund; default: the user's embedded wallet. */
  address?: string;
  /** The chain (id or viem chain) to buy on; default: the embedded wallet's current chain. */
  chain?: number | { id: number };
  /** 'native' (default: ETH, POL, …) or 'USDC'. */
  asset?: OnRampAsset;
  /** An amount of the asset, prefilled in the provider's widget. */
  amount?: number;
}

/** How a funding ended when the user closed its screens: SPEC §4's last status (null: never reached the provider). */
export interface FundWalletResult {
  status: OnRampStatus | null;
}

/** The screens' events: the prompt's button, 'Try again', close. */
export type FundingScreenEvent = Extract<FundingEvent, { type: 'continue' | 'retry' | 'close' }>;

/** The on-ramp as the embedded wallet runtime loads it with the first `fundWallet()`. */
export interface FundingController {
  /** Opens the funding screens; resolves when the user closes them, rejects when funding cannot start. */
  fundWallet(options?: FundWalletOptions): Promise<FundWalletResult>;
  /** Synchronous: the prompt's click opens the provider's tab in the same click. */
  dispatch(event: FundingScreenEvent): void;
  destroy(): void;
}

// The widget's theme for the provider's page: the palette's scheme, with 'system' read from the device now.
const themeOf = (scheme: string | undefined): 'light' | 'dark' => {
  if (scheme === 'light' || scheme === 'dark') return scheme;
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};

/**
 * `fundWallet` and the funding screens' flow, loaded on first use (out of the host page's initial JavaScript):
 * checks whether the app and user can fund (the on-ramp on, a logged-in user, a wallet, a chain the provider
 * sells), then runs the flow; `publish` hands its state to the runtime's store (the dialog opens on it).
 */
export function createFundingController(options: {
  client: LatchClient;
  clock: FlowClock;
  /** The embedded wallet's EIP-1193 provider (its eth_chainId: the wallet's current chain). */
  provider: Pick<EmbeddedWalletProvider, 'request'>;
  publish(state: FundingState | null): void;
}): FundingController {
  const { client } = options;
  const waiting = new Map<number, (result: FundWalletResult) => void>();
  let next = 0;
  const runner = createFundingRunner(options.clock, {
    authedRequest: (path, body) => client.authedRequest(path, body),
    fetch: (url) => globalThis.fetch(url, { headers: { accept: 'application/json' } }),
    openTab: (url) => void globalThis.open?.(url, '_blank', 'noopener,noreferrer'),
    done(id, status) {
      waiting.get(id)?.({ status });
      waiting.delete(id);
    },
  });
  runner.subscribe(() => options.publish(runner.getState()));
  return {
    async fundWallet(wanted = {}) {
      const { config, user } = client.getState();
      if (!user) throw new LatchError('must_be_authenticated', 'fundWallet needs a logged-in user.');
      if (!config?.fiatOnRamp.enabled)
        throw new LatchError('invalid_data', 'The fiat on-ramp is not enabled for this app (fiat_on_ramp_enabled).');
      const address = wanted.address ?? embeddedWalletOf(user)?.address;
      if (!address) throw new LatchError('embedded_wallet_not_found', 'fundWallet needs a wallet: the user has none.');
      const chain = wanted.chain ?? Number(await options.provider.request({ method: 'eth_chainId' }));
      const request = fundingRequest({
        address,
        chainId: typeof chain === 'object' ? chain.id : chain,
        asset: wanted.asset ?? 'native',
        amount: wanted.amount,
        useSandbox: config.fiatOnRamp.useSandbox,
        accent: config.appearance.palette.accent,
        theme: themeOf(config.appearance.palette.colorScheme),
      });
      next += 1;
      const id = next;
      const result = new Promise<FundWalletResult>((resolve) => waiting.set(id, resolve));
      runner.dispatch({ type: 'open', id, request });
      return result;
    },
    dispatch: runner.dispatch,
    destroy: runner.destroy,
  };
}
