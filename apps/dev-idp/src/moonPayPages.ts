import type { OnRampProviderTransaction } from '@latch/protocol/onRamp';
import { escapeHtml } from './http.js';
import { page } from './pages.js';

/** The label of the stand-in's pages (their notice says it is not the real one). */
export const MOONPAY_LABEL = 'MoonPay';

/** What every page of the stand-in says first, in plain words. */
const NOT_THE_PROVIDER = "This is Latch's local stand-in for MoonPay, not the real provider. No card is charged.";

/** A purchase as the widget URL asks for it (checked; still untrusted text for HTML). */
export interface WidgetOrder {
  sandbox: boolean;
  walletAddress: string;
  currencyCode: string;
  /** The amount of the currency, a decimal string (the URL's quoteCurrencyAmount or the default). */
  amount: string;
  externalTransactionId: string;
  /** Where MoonPay sends the buyer back after the purchase (http(s) only), or null. */
  redirectUrl: string | null;
}

/** The outcomes a tester picks on the widget page (the form's `outcome` values and their buttons). */
export const OUTCOMES = {
  complete: 'Complete purchase',
  fail: 'Fail',
  pending: 'Pending, then complete',
  authorization: 'Waiting for card authorization',
} as const;
/** One outcome a tester can pick. */
export type Outcome = keyof typeof OUTCOMES;

/** The stand-in's quote: US dollars per unit of the currency bought (fixed; nothing is charged). */
export const USD_PER_UNIT = 3000;

/** The widget page: what is bought for which wallet, and one button per outcome (posting the signed query back). */
export function widgetPage(order: WidgetOrder, action: string, signedQuery: string): string {
  const code = order.currencyCode.toUpperCase();
  const usd = (Number(order.amount) * USD_PER_UNIT).toFixed(2);
  const buttons = (Object.entries(OUTCOMES) as [Outcome, string][])
    .map(
      ([value, text]) =>
        `<button type="submit" name="outcome" value="${value}"${value === 'complete' ? ' class="primary"' : ''}>${escapeHtml(text)}</button>`,
    )
    .join('\n');
  const body = `<p class="standin">${escapeHtml(NOT_THE_PROVIDER)}</p>
<dl class="order">
<dt>Wallet</dt><dd><code>${escapeHtml(order.walletAddress)}</code></dd>
<dt>Currency</dt><dd><code>${escapeHtml(order.currencyCode)}</code></dd>
<dt>Amount</dt><dd>${escapeHtml(order.amount)} ${escapeHtml(code)} (about $${usd} at the stand-in's fixed price)</dd>
<dt>Keys</dt><dd>${order.sandbox ? 'sandbox (pk_test_…)' : 'live (pk_live_…)'}</dd>
<dt>Order</dt><dd><code>${escapeHtml(order.externalTransactionId)}</code></dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="query" value="${escapeHtml(signedQuery)}">
<p>Pick how this purchase ends:</p>
<div class="outcomes">
${buttons}
</div>
</form>`;
  return page(`Buy ${code}`, MOONPAY_LABEL, body);
}

/** What the tester sees after picking: the transaction's state, and the way back to the app. */
export function resultPage(
  tx: OnRampProviderTransaction & { failureReason: string | null },
  redirectUrl: string | null,
): string {
  const amount = `${tx.quoteCurrencyAmount ?? ''} ${(tx.currency?.code ?? '').toUpperCase()}`;
  const wallet = `<code>${escapeHtml(tx.walletAddress)}</code>`;
  let summary: string;
  if (tx.status === 'completed') {
    summary = `<p>Purchase completed: ${escapeHtml(amount)} sent to ${wallet} on the local dev chain in transaction <code>${escapeHtml(tx.cryptoTransactionId ?? '')}</code>.</p>`;
  } else if (tx.status === 'failed') {
    summary = `<p class="error" role="alert">Purchase failed: ${escapeHtml(tx.failureReason ?? 'no reason given')}</p>`;
  } else if (tx.status === 'waitingAuthorization') {
    summary = '<p>The purchase waits for card authorization, and stays so: nothing will be sent.</p>';
  } else {
    summary = `<p>The purchase is pending: the app's status polls answer <code>pending</code> a few times, then the stand-in sends ${escapeHtml(amount)} to ${wallet} and answers <code>completed</code>.</p>`;
  }
  const back = redirectUrl ? `<p><a href="${escapeHtml(redirectUrl)}">Back to the app</a></p>` : '';
  return page(
    'Purchase',
    MOONPAY_LABEL,
    `<p class="standin">${escapeHtml(NOT_THE_PROVIDER)}</p>
${summary}
<p>You can close this tab and return to the app.</p>
${back}`,
  );
}
