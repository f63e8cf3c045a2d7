import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ON_RAMP_DEFAULT_CURRENCY, type OnRampProviderTransaction } from '@latch/protocol/onRamp';
import { type Hex, isAddress } from 'viem';
import { readBody, sendHtml, sendJson } from './http.js';
import {
  MOONPAY_LABEL,
  OUTCOMES,
  type Outcome,
  resultPage,
  USD_PER_UNIT,
  type WidgetOrder,
  widgetPage,
} from './moonPayPages.js';
import type { Payer } from './moonPayPayer.js';
import { checkSignedQuery } from './moonPaySignature.js';
import { errorPage } from './pages.js';

/** The MoonPay stand-in as its client (the Latch server's app config) sees it: URLs and fresh keys. */
export interface DevMoonPay {
  /** The live widget (stands in for https://buy.moonpay.com). */
  widgetUrl: string;
  /** The sandbox widget (stands in for https://buy-sandbox.moonpay.com). */
  sandboxWidgetUrl: string;
  /** The API base (stands in for https://api.moonpay.com; the key decides live or sandbox). */
  apiUrl: string;
  publishableKey: string;
  sandboxPublishableKey: string;
  secretKey: string;
  sandboxSecretKey: string;
}

/** A transaction as the endpoint answers it, with MoonPay's failureReason and timestamps beside the contract's fields. */
export type StandInTransaction = OnRampProviderTransaction & {
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A purchase the tester picked an outcome for. */
interface Purchase {
  tx: StandInTransaction;
  sandbox: boolean;
  amount: string;
  /** Whether it ends completed (the ETH is sent) once its pending polls are used up. */
  completes: boolean;
  /** 'Pending, then complete': polls still answered pending before the stand-in pays. */
  pendingPolls: number;
  payment?: Promise<void>;
}

/** How many polls 'Pending, then complete' answers pending before paying (the widget polls every 3 s). */
export const PENDING_POLLS = 2;
/** The amount bought when the widget URL names none (the tester can always change it in the URL). */
export const DEFAULT_AMOUNT = '0.05';
/** The most a purchase may buy: the payer's 10 000 ETH must last a long dev session. */
const MAX_AMOUNT = 100;
const CORS = { 'access-control-allow-origin': '*' };
const TRANSACTIONS_PATH = '/api/v1/transactions/ext/';

/** Fresh live and sandbox keys, in MoonPay's formats. */
function newKeys(): Pick<DevMoonPay, 'publishableKey' | 'sandboxPublishableKey' | 'secretKey' | 'sandboxSecretKey'> {
  const key = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
  return {
    publishableKey: key('pk_live'),
    sandboxPublishableKey: key('pk_test'),
    secretKey: key('sk_live'),
    sandboxSecretKey: key('sk_test'),
  };
}

/** The message of a failed payment, short (viem's errors carry a `shortMessage`). */
function reasonOf(error: unknown): string {
  if (error && typeof error === 'object' && 'shortMessage' in error && typeof error.shortMessage === 'string')
    return `The stand-in could not send the ETH on the dev chain: ${error.shortMessage}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The MoonPay stand-in under `<url>/moonpay`: the signed widget (`/buy`, `/buy-sandbox`) where the tester picks
 * an outcome, and the transactions-by-external-id endpoint (`/api/v1/transactions/ext/{id}?apiKey=`). A
 * completed purchase is really paid on the dev chain (`payer`).
 */
export class MoonPayStandIn {
  readonly config: DevMoonPay;
  private readonly purchases = new Map<string, Purchase>();

  constructor(
    baseUrl: string,
    private readonly payer: Payer,
  ) {
    const root = `${baseUrl}/moonpay`;
    this.config = {
      widgetUrl: `${root}/buy`,
      sandboxWidgetUrl: `${root}/buy-sandbox`,
      apiUrl: `${root}/api`,
      ...newKeys(),
    };
  }

  /** Handles a request under `/moonpay` (`path` without it; `search` the raw query, '?' included, or ''). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, search: string): Promise<void> {
    if (path === '/buy' || path === '/buy-sandbox') {
      const sandbox = path === '/buy-sandbox';
      if (req.method === 'GET') return this.widget(res, sandbox, search, `/moonpay${path}`);
      if (req.method === 'POST') return this.pick(req, res, sandbox);
    }
    if (path.startsWith(TRANSACTIONS_PATH)) {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...CORS, 'access-control-allow-methods': 'GET', 'access-control-max-age': '600' });
        return void res.end();
      }
      if (req.method === 'GET') return this.transactions(res, path.slice(TRANSACTIONS_PATH.length), search);
    }
    sendJson(res, 404, { errors: [], message: 'Not found', type: 'NotFoundError' }, CORS);
  }

  /** The order a signed query asks for, or why it cannot be bought (`sandbox`: which keys signed it). */
  private order(search: string, sandbox: boolean): { order: WidgetOrder } | { status: number; reason: string } {
    const { config } = this;
    const check = sandbox
      ? checkSignedQuery(search, config.sandboxSecretKey, config.sandboxPublishableKey)
      : checkSignedQuery(search, config.secretKey, config.publishableKey);
    if (!check.ok) return { status: 403, reason: check.reason };
    const { params } = check;
    const walletAddress = params.get('walletAddress') ?? '';
    const externalTransactionId = params.get('externalTransactionId') ?? '';
    const amount = params.get('quoteCurrencyAmount') || DEFAULT_AMOUNT;
    if (!isAddress(walletAddress, { strict: false }))
      return { status: 400, reason: 'walletAddress is missing or is not an Ethereum address.' };
    if (!externalTransactionId || externalTransactionId.length > 200)
      return { status: 400, reason: 'externalTransactionId is missing: the purchase could not be found by it.' };
    // At most 8 decimals: the JSON number (a double) is then exactly the decimal amount paid.
    if (!/^\d{1,6}(\.\d{1,8})?$/.test(amount) || Number(amount) <= 0 || Number(amount) > MAX_AMOUNT) {
      return {
        status: 400,
        reason: `quoteCurrencyAmount must be a positive decimal number up to ${MAX_AMOUNT}, with at most 8 decimals.`,
      };
    }
    const redirect = params.get('redirectURL');
    return {
      order: {
        sandbox,
        walletAddress,
        currencyCode: (params.get('currencyCode') || ON_RAMP_DEFAULT_CURRENCY).toLowerCase(),
        amount,
        externalTransactionId,
        redirectUrl: redirect && /^https?:\/\//i.test(redirect) ? redirect : null,
      },
    };
  }

  /** GET the widget: the signed order and its outcome buttons, or a plain refusal. */
  private widget(res: ServerResponse, sandbox: boolean, search: string, action: string): void {
    const checked = this.order(search, sandbox);
    if ('reason' in checked) sendHtml(res, checked.status, errorPage(MOONPAY_LABEL, checked.reason));
    else sendHtml(res, 200, widgetPage(checked.order, action, search));
  }

  /** POST the tester's outcome: the signed query is checked again, then the transaction exists. */
  private async pick(req: IncomingMessage, res: ServerResponse, sandbox: boolean): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const checked = this.order(form.get('query') ?? '', sandbox);
    if ('reason' in checked) return sendHtml(res, checked.status, errorPage(MOONPAY_LABEL, checked.reason));
    const outcome = form.get('outcome') ?? '';
    if (!Object.hasOwn(OUTCOMES, outcome))
      return sendHtml(res, 400, errorPage(MOONPAY_LABEL, 'Pick one of the outcome buttons.'));
    const { order } = checked;
    if (this.purchases.has(order.externalTransactionId)) {
      return sendHtml(
        res,
        409,
        errorPage(MOONPAY_LABEL, 'An outcome was already picked for this order; the app starts a new one.'),
      );
    }
    const purchase = this.create(order, outcome as Outcome);
    if (outcome === 'complete') await this.pay(purchase);
    sendHtml(res, 200, resultPage(purchase.tx, order.redirectUrl));
  }

  /** The transaction of a picked order, in its first state. */
  private create(order: WidgetOrder, outcome: Outcome): Purchase {
    const now = new Date().toISOString();
    const base = Number(order.amount) * USD_PER_UNIT;
    const cents = (value: number) => Math.round(value * 100) / 100;
    const tx: StandInTransaction = {
      id: randomUUID(),
      status: outcome === 'fail' ? 'failed' : outcome === 'authorization' ? 'waitingAuthorization' : 'pending',
      paymentMethod: 'credit_debit_card',
      cardPaymentType: 'credit',
      currency: { code: order.currencyCode },
      baseCurrencyAmount: cents(base),
      quoteCurrencyAmount: Number(order.amount),
      feeAmount: cents(Math.max(3.99, base * 0.045)),
      extraFeeAmount: cents(base * 0.01),
      networkFeeAmount: 0.5,
      externalTransactionId: order.externalTransactionId,
      walletAddress: order.walletAddress,
      cryptoTransactionId: null,
      failureReason: outcome === 'fail' ? 'The tester picked "Fail" on the stand-in\'s page.' : null,
      createdAt: now,
      updatedAt: now,
    };
    const purchase: Purchase = {
      tx,
      sandbox: order.sandbox,
      amount: order.amount,
      completes: outcome === 'complete' || outcome === 'pending',
      pendingPolls: outcome === 'pending' ? PENDING_POLLS : 0,
    };
    this.purchases.set(order.externalTransactionId, purchase);
    return purchase;
  }

  /** Sends the purchased ETH (once); the transaction is completed with its hash, or failed with the reason. */
  private pay(purchase: Purchase): Promise<void> {
    purchase.payment ??= (async () => {
      const { tx } = purchase;
      try {
        // Every ETH code (eth, eth_base, …) is paid as native ETH on the one local chain; nothing else exists there.
        if (!/^eth(_|$)/.test(tx.currency?.code ?? '')) {
          throw new Error(`The stand-in pays only ETH on the local dev chain, not ${tx.currency?.code}.`);
        }
        tx.cryptoTransactionId = await this.payer.pay(tx.walletAddress as Hex, purchase.amount);
        tx.status = 'completed';
      } catch (error) {
        tx.status = 'failed';
        tx.failureReason = reasonOf(error);
      }
      tx.updatedAt = new Date().toISOString();
    })();
    return purchase.payment;
  }

  /** GET transactions by external id: 401 for an unknown key, 404 before an outcome, else `[transaction]`. */
  private async transactions(res: ServerResponse, rawId: string, search: string): Promise<void> {
    const apiKey = new URLSearchParams(search).get('apiKey');
    const { publishableKey, sandboxPublishableKey } = this.config;
    if (apiKey !== publishableKey && apiKey !== sandboxPublishableKey) {
      return sendJson(
        res,
        401,
        { errors: [], message: 'Invalid or missing apiKey: use the publishable key.', type: 'UnauthorizedError' },
        CORS,
      );
    }
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      id = rawId;
    }
    const purchase = this.purchases.get(id);
    // Live and sandbox are separate worlds at MoonPay: a key finds only its own environment's transactions.
    if (!purchase || purchase.sandbox !== (apiKey === sandboxPublishableKey)) {
      return sendJson(res, 404, { errors: [], message: 'Transaction not found', type: 'NotFoundError' }, CORS);
    }
    if (purchase.pendingPolls > 0) purchase.pendingPolls -= 1;
    else if (purchase.completes) await this.pay(purchase);
    sendJson(res, 200, [purchase.tx], CORS);
  }
}
