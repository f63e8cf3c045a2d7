import { type ErrorCode, LatchError } from '@latch/protocol';
import {
  ON_RAMP_API,
  type OnRampProviderTransaction,
  type OnRampSignRequest,
  type OnRampSignResponse,
  type OnRampStatus,
} from '@latch/protocol/onRamp';
import type { FlowClock } from '../machine/flowClock.js';
import { createMachineCore, type MachineRunner, runnerOf } from '../machine/machineCore.js';
import { type FundingEffect, type FundingEvent, type FundingState, fundingTransition } from './fundingFlow.js';
import { type OnRampAsset, onRampCurrencyCode } from './onRampCurrency.js';

/** What the funding flow's effects call: the Latch server, the provider, the browser. */
export interface FundingDeps {
  /** A signed-in POST to the Latch server (the client's authedRequest). */
  authedRequest<T>(path: string, body: unknown): Promise<T>;
  /** The provider's transactions-by-external-id endpoint (a browser fetch: the provider allows CORS). */
  fetch(url: string): Promise<Response>;
  /** Opens the provider in a new tab; called inside the prompt button's click. */
  openTab(url: string): void;
  /** The flow closed: the caller of `fundWallet` hears the last status. */
  done(id: number, status: OnRampStatus | null): void;
}

/** The GET of a status URL: the transactions, or null for 404 (none yet); any other failure throws. */
export async function fetchProviderTransactions(
  fetch: FundingDeps['fetch'],
  url: string,
): Promise<OnRampProviderTransaction[] | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The on-ramp provider answered ${response.status}.`);
  const body: unknown = await response.json();
  // MoonPay answers an array; a single transaction object is taken as one.
  if (Array.isArray(body)) return body as OnRampProviderTransaction[];
  if (body && typeof body === 'object') return [body as OnRampProviderTransaction];
  throw new Error('The on-ramp provider answered something other than transactions.');
}

const codeOf = (error: unknown): ErrorCode => (error instanceof LatchError ? error.code : 'internal_error');

/** Runs the pure funding flow (fundingFlow.ts) for FIAT_ON_RAMP_PROMPT_SCREEN and FIAT_ON_RAMP_STATUS_SCREEN. */
export function createFundingRunner(
  clock: FlowClock,
  deps: FundingDeps,
): MachineRunner<FundingState | null, FundingEvent> {
  const machine = createMachineCore<FundingState | null, FundingEvent, FundingEffect>({
    initial: null,
    transition: fundingTransition,
    clock,
    run(effect) {
      switch (effect.type) {
        case 'sign':
          return machine.settle(
            deps.authedRequest<OnRampSignResponse>(ON_RAMP_API.sign, effect.request),
            (response) => ({ type: 'signed', id: effect.id, response }),
            (error) => ({ type: 'signFailed', id: effect.id, code: codeOf(error) }),
          );
        case 'openTab':
          return deps.openTab(effect.url);
        case 'fetchStatus':
          return machine.settle(
            fetchProviderTransactions(deps.fetch, effect.url),
            (transactions) => ({ type: 'polled', id: effect.id, transactions }),
            () => ({ type: 'pollFailed', id: effect.id }),
          );
        case 'after':
          return machine.after(effect.ms, effect.event);
        case 'cancelTimers':
          return machine.cancelTimers();
        case 'done':
          return deps.done(effect.id, effect.status);
      }
    },
  });
  return runnerOf(machine, () => machine.dispatch({ type: 'close' }));
}

/** A funding as fundWallet resolved it: whose wallet, which chain and asset, how much, and the widget's look. */
export interface FundingTarget {
  address: string;
  chainId: number | undefined;
  asset: OnRampAsset;
  amount: number | undefined;
  useSandbox: boolean;
  accent: string | undefined;
  theme: 'light' | 'dark';
}

// The provider takes #rrggbb only: #rgb is spelled out.
const longHex = (color: string | undefined): string | undefined => {
  if (!color) return undefined;
  if (/^#[0-9a-f]{6}$/i.test(color)) return color;
  if (/^#[0-9a-f]{3}$/i.test(color)) return `#${[...color.slice(1)].map((c) => c + c).join('')}`;
  return undefined;
};

/** The sign request for `target`; refuses (invalid_data) a chain and asset the provider does not sell. */
export function fundingRequest(target: FundingTarget): OnRampSignRequest {
  const currencyCode = onRampCurrencyCode(target.chainId, target.asset);
  if (!currencyCode)
    throw new LatchError(
      'invalid_data',
      `The on-ramp sells no ${target.asset === 'native' ? 'native token' : target.asset} on chain ${target.chainId}.`,
    );
  const accentColor = longHex(target.accent);
  return {
    address: target.address,
    useSandbox: target.useSandbox,
    config: {
      currencyCode,
      ...(target.amount !== undefined && target.amount > 0 ? { quoteCurrencyAmount: target.amount } : {}),
      uiConfig: { ...(accentColor ? { accentColor } : {}), theme: target.theme },
    },
  };
}
