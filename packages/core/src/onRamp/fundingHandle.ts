import { LatchError } from '@latch/protocol';
import type { OnRampStatus } from '@latch/protocol/onRamp';
import type { LatchClient } from '../client.js';
import { embeddedWalletOf } from '../embeddedWallet/embeddedWalletController.js';
import type { EmbeddedWalletProvider } from '../embeddedWallet/embeddedWalletProvider.js';
import { createStore } from '../machine/createStore.js';
import type { FlowClock } from '../machine/flowClock.js';
import type { MachineRunner } from '../machine/machineCore.js';
import type { FundingEvent, FundingState } from './fundingFlow.js';
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

/** `fundWallet()` and the state of FIAT_ON_RAMP_PROMPT_SCREEN / FIAT_ON_RAMP_STATUS_SCREEN. */
export interface Funding {
  getState(): FundingState | null;
  subscribe(listener: () => void): () => void;
  /** Opens the funding screens; resolves when the user closes them, rejects when funding cannot start. */
  fundWallet(options?: FundWalletOptions): Promise<FundWalletResult>;
  /** Synchronous once the screens show (the prompt's click opens the provider's tab in the same click). */
  dispatch(event: FundingScreenEvent): void;
  destroy(): void;
}

/** What the handle reads when `fundWallet` is called: the user and config, the embedded wallet's chain. */
export interface FundingHandleOptions {
  client: LatchClient;
  clock: FlowClock;
  /** The embedded wallet's EIP-1193 provider (its eth_chainId: the wallet's current chain). */
  provider: Pick<EmbeddedWalletProvider, 'request'>;
}

// The widget's theme for the provider's page: the palette's scheme, with 'system' read from the device now.
const themeOf = (scheme: string | undefined): 'light' | 'dark' => {
  if (scheme === 'light' || scheme === 'dark') return scheme;
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};

/**
 * The Latch object's funding: checks at once whether the app and user can fund (the on-ramp on, a wallet),
 * then loads the flow, its runner and the provider's currency table (onRamp/*) on first use, out of the
 * host page's initial JavaScript.
 */
export function createFundingHandle(options: FundingHandleOptions): Funding {
  const { client } = options;
  const changes = createStore(null);
  const waiting = new Map<number, (result: FundWalletResult) => void>();
  let runner: MachineRunner<FundingState | null, FundingEvent> | null = null;
  let loading: Promise<MachineRunner<FundingState | null, FundingEvent>> | null = null;
  let next = 0;
  const load = () =>
    (loading ??= import('./fundingRunner.js').then((module) => {
      runner = module.createFundingRunner(options.clock, {
        authedRequest: (path, body) => client.authedRequest(path, body),
        fetch: (url) => globalThis.fetch(url, { headers: { accept: 'application/json' } }),
        openTab: (url) => void globalThis.open?.(url, '_blank', 'noopener,noreferrer'),
        done(id, status) {
          waiting.get(id)?.({ status });
          waiting.delete(id);
        },
      });
      runner.subscribe(changes.notify);
      return runner;
    }));

  return {
    getState: () => runner?.getState() ?? null,
    subscribe: changes.subscribe,
    async fundWallet(wanted = {}) {
      const { config, user } = client.getState();
      if (!user) throw new LatchError('must_be_authenticated', 'fundWallet needs a logged-in user.');
      if (!config?.fiatOnRamp.enabled)
        throw new LatchError('invalid_data', 'The fiat on-ramp is not enabled for this app (fiat_on_ramp_enabled).');
      const address = wanted.address ?? embeddedWalletOf(user)?.address;
      if (!address) throw new LatchError('embedded_wallet_not_found', 'fundWallet needs a wallet: the user has none.');
      const chain = wanted.chain ?? Number(await options.provider.request({ method: 'eth_chainId' }));
      const module = await import('./fundingRunner.js');
      const request = module.fundingRequest({
        address,
        chainId: typeof chain === 'object' ? chain.id : chain,
        asset: wanted.asset ?? 'native',
        amount: wanted.amount,
        useSandbox: config.fiatOnRamp.useSandbox,
        accent: config.appearance.palette.accent,
        theme: themeOf(config.appearance.palette.colorScheme),
      });
      const loaded = await load();
      next += 1;
      const id = next;
      const result = new Promise<FundWalletResult>((resolve) => waiting.set(id, resolve));
      loaded.dispatch({ type: 'open', id, request });
      return result;
    },
    dispatch: (event) => runner?.dispatch(event),
    destroy() {
      runner?.destroy();
      changes.close();
    },
  };
}
