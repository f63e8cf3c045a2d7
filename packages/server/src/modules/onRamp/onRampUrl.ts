import { createHmac } from 'node:crypto';
import { ON_RAMP_DEFAULT_CURRENCY, type OnRampConfig } from '@latch/protocol/onRamp';

/** MoonPay's own URLs (docs/onramp.md): the widget, live and sandbox, and the API (one for both; the key decides). */
export const MOONPAY_URLS = {
  live: { widgetUrl: 'https://buy.moonpay.com', apiUrl: 'https://api.moonpay.com' },
  sandbox: { widgetUrl: 'https://buy-sandbox.moonpay.com', apiUrl: 'https://api.moonpay.com' },
} as const;

/** What a signed widget URL is built from. */
export interface WidgetUrlInput {
  widgetUrl: string;
  publishableKey: string;
  secretKey: string;
  address: string;
  externalTransactionId: string;
  config?: OnRampConfig;
}

/** MoonPay's URL signature: base64 of HMAC-SHA256 under the secret key over the query, its leading '?' included. */
export function signQuery(search: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(search).digest('base64');
}

/**
 * The provider's widget URL for one purchase, signed as MoonPay documents: the query (apiKey, currencyCode,
 * walletAddress, externalTransactionId, then colorCode, theme, quoteCurrencyAmount when given) is signed as
 * it will be sent, and `signature` is appended last, URL-encoded. Pure: the caller picks the id.
 */
export function signedWidgetUrl(input: WidgetUrlInput): string {
  const url = new URL(input.widgetUrl);
  const query = url.searchParams;
  const { config } = input;
  query.set('apiKey', input.publishableKey);
  query.set('currencyCode', config?.currencyCode ?? ON_RAMP_DEFAULT_CURRENCY);
  query.set('walletAddress', input.address);
  query.set('externalTransactionId', input.externalTransactionId);
  // URLSearchParams encodes '#' as %23, as the provider expects its colour code.
  if (config?.uiConfig?.accentColor) query.set('colorCode', config.uiConfig.accentColor);
  if (config?.uiConfig?.theme) query.set('theme', config.uiConfig.theme);
  if (config?.quoteCurrencyAmount !== undefined) query.set('quoteCurrencyAmount', String(config.quoteCurrencyAmount));
  const signature = signQuery(url.search, input.secretKey);
  return `${url.toString()}&signature=${encodeURIComponent(signature)}`;
}

/** The provider's transactions-by-external-id endpoint for one id, with the publishable key as `apiKey`. */
export function transactionStatusUrl(apiUrl: string, externalTransactionId: string, publishableKey: string): string {
  const base = apiUrl.replace(/\/+$/, '');
  return `${base}/v1/transactions/ext/${encodeURIComponent(externalTransactionId)}?apiKey=${encodeURIComponent(publishableKey)}`;
}
