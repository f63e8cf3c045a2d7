/**
 * The fiat on-ramp (SPEC §2 FIAT_ON_RAMP_*, §3 on-ramp config and status, §4 "Fiat on-ramp", §7 the sign call
 * and the provider's transactions-by-external-id endpoint). The single supported provider is MoonPay: the
 * server signs the provider's widget URL with the app's secret key; the widget then polls the provider's
 * transaction by the external id the server chose, with the app's publishable key.
 *
 * This module holds only values and types (no valibot): the lazily loaded funding code imports it from
 * `@latch/protocol/onRamp`; the request schema is in `@latch/protocol/schemas` (onRampSchemas.ts).
 */

export { ON_RAMP_API } from './paths/onRamp.js';

/** The statuses the widget's status screen knows (SPEC §4). */
export const ON_RAMP_STATUSES = ['pending', 'completed', 'failed', 'serviceFailure', 'waitingAuthorization'] as const;
/** An on-ramp status as the widget shows it. */
export type OnRampStatus = (typeof ON_RAMP_STATUSES)[number];

/** The provider's transaction statuses (MoonPay's documented `status`). */
export const PROVIDER_TRANSACTION_STATUSES = [
  'waitingPayment',
  'pending',
  'waitingAuthorization',
  'failed',
  'completed',
] as const;
/** A provider transaction status. */
export type ProviderTransactionStatus = (typeof PROVIDER_TRANSACTION_STATUSES)[number];

/** The currency bought when none is given: ETH on Ethereum (SPEC §9). */
export const ON_RAMP_DEFAULT_CURRENCY = 'eth';

/** The provider widget's look (SPEC §3 "On-ramp config": uiConfig). */
export interface OnRampUiConfig {
  /** `#rrggbb`: the provider's colour code. */
  accentColor?: string;
  theme?: 'light' | 'dark';
}

/** What to buy (SPEC §3 "On-ramp config"; address and useSandbox travel beside it in the request). */
export interface OnRampConfig {
  /** The provider's currency code (`eth`, `eth_base`, `usdc`, …); `ON_RAMP_DEFAULT_CURRENCY` when absent. */
  currencyCode?: string;
  /** An amount of the currency to buy, prefilled in the provider's widget. */
  quoteCurrencyAmount?: number;
  uiConfig?: OnRampUiConfig;
}

/** POST ON_RAMP_API.sign. */
export interface OnRampSignRequest {
  /** The wallet to fund: one of the caller's own wallet addresses. */
  address: string;
  /** Use the app's sandbox keys and the provider's sandbox widget. */
  useSandbox: boolean;
  config?: OnRampConfig;
}

/** The answer to ON_RAMP_API.sign. */
export interface OnRampSignResponse {
  /** The provider's widget URL with its query signed by the app's secret key; opened in a new tab. */
  signedUrl: string;
  /** The id the server put in the URL; the provider's transaction is found by it. */
  externalTransactionId: string;
  /**
   * The provider's transactions-by-external-id endpoint for this id, with the publishable key as its
   * `apiKey` query (live or sandbox): the status screen GETs it every `DELAY.fiatStatusPoll`.
   */
  statusUrl: string;
}

/**
 * One transaction as the provider's transactions-by-external-id endpoint returns it (an array of these; the
 * fields the widget reads, SPEC §3 "On-ramp status").
 */
export interface OnRampProviderTransaction {
  id: string;
  status: ProviderTransactionStatus;
  /** e.g. `credit_debit_card`, `apple_pay`, `sepa_bank_transfer`. */
  paymentMethod: string | null;
  /** `credit` or `debit` for card payments. */
  cardPaymentType: string | null;
  /** The crypto currency bought. */
  currency: { code: string } | null;
  baseCurrencyAmount: number | null;
  quoteCurrencyAmount: number | null;
  feeAmount: number | null;
  extraFeeAmount: number | null;
  networkFeeAmount: number | null;
  externalTransactionId: string;
  walletAddress: string;
  /** The chain transaction that paid the wallet, once completed. */
  cryptoTransactionId: string | null;
}
