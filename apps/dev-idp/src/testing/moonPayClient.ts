import { createHmac } from 'node:crypto';
import type { DevIdp, StandInTransaction } from '../index.js';

/**
 * What the tests of the MoonPay stand-in do as its clients: sign a widget URL as MoonPay documents it (written
 * here from the documentation, not taken from the stand-in), pick an outcome as the page's form does, and
 * poll the transactions-by-external-id endpoint.
 */

/** A widget URL signed as MoonPay documents: base64(HMAC-SHA256(secret, url.search)), appended last. */
export function signedWidgetUrl(
  idp: DevIdp,
  params: Record<string, string>,
  options: { sandbox?: boolean; secretKey?: string } = {},
): string {
  const { moonPay } = idp;
  const sandbox = options.sandbox ?? true;
  const url = new URL(sandbox ? moonPay.sandboxWidgetUrl : moonPay.widgetUrl);
  url.searchParams.set('apiKey', sandbox ? moonPay.sandboxPublishableKey : moonPay.publishableKey);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const secret = options.secretKey ?? (sandbox ? moonPay.sandboxSecretKey : moonPay.secretKey);
  const signature = createHmac('sha256', secret).update(url.search).digest('base64');
  return `${url.href}&signature=${encodeURIComponent(signature)}`;
}

/** Posts an outcome for a widget URL as the page's form does (the signed query in `query`). */
export function pickOutcome(widgetUrl: string, outcome: string): Promise<Response> {
  const url = new URL(widgetUrl);
  return fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ query: widgetUrl.slice(widgetUrl.indexOf('?')), outcome }).toString(),
  });
}

/** GETs the transactions of `externalId` with `apiKey` (the sandbox publishable key unless given). */
export function transactionsOf(idp: DevIdp, externalId: string, apiKey = idp.moonPay.sandboxPublishableKey) {
  return fetch(
    `${idp.moonPay.apiUrl}/v1/transactions/ext/${encodeURIComponent(externalId)}?apiKey=${encodeURIComponent(apiKey)}`,
  );
}

/** The one transaction of `externalId` (asserting a 200 with an array of one). */
export async function transactionOf(idp: DevIdp, externalId: string): Promise<StandInTransaction> {
  const response = await transactionsOf(idp, externalId);
  if (response.status !== 200) throw new Error(`transactions of ${externalId}: ${response.status}`);
  const list = (await response.json()) as StandInTransaction[];
  if (list.length !== 1 || !list[0]) throw new Error(`transactions of ${externalId}: ${list.length} entries`);
  return list[0];
}
