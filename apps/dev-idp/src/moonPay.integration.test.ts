import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevIdp, describeDevIdp, startDevIdp } from './index.js';
import { pickOutcome, signedWidgetUrl, transactionOf, transactionsOf } from './testing/moonPayClient.js';

// The MoonPay stand-in over real HTTP, without a chain: the widget's URL signing as MoonPay documents it,
// the page, and the transactions-by-external-id endpoint (moonPayChain.integration.test.ts pays on anvil).

let idp: DevIdp;
const WALLET = '0x000000000000000000000000000000000000dEaD';
const order = (extra: Record<string, string> = {}) => ({
  walletAddress: WALLET,
  currencyCode: 'eth',
  externalTransactionId: randomUUID(),
  quoteCurrencyAmount: '0.25',
  ...extra,
});

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: ['http://localhost:8787/api/v1/oauth/callback'], providers: [] });
});
afterAll(async () => {
  await idp.close();
});

describe('keys and description', () => {
  it('has fresh live and sandbox keys in MoonPay formats, described under moonpay', () => {
    const { moonPay } = idp;
    expect(moonPay.publishableKey).toMatch(/^pk_live_[0-9a-f]{32}$/);
    expect(moonPay.sandboxPublishableKey).toMatch(/^pk_test_[0-9a-f]{32}$/);
    expect(moonPay.secretKey).toMatch(/^sk_live_[0-9a-f]{32}$/);
    expect(moonPay.sandboxSecretKey).toMatch(/^sk_test_[0-9a-f]{32}$/);
    expect(describeDevIdp(idp).moonpay).toEqual({
      widget_url: `${idp.url}/moonpay/buy`,
      sandbox_widget_url: `${idp.url}/moonpay/buy-sandbox`,
      api_url: `${idp.url}/moonpay/api`,
      publishable_key: moonPay.publishableKey,
      sandbox_publishable_key: moonPay.sandboxPublishableKey,
      secret_key: moonPay.secretKey,
      sandbox_secret_key: moonPay.sandboxSecretKey,
    });
  });
});

describe('the widget page', () => {
  it.each([true, false])(
    'shows a signed order (sandbox %s): the notice, wallet, currency, amount, outcomes',
    async (sandbox) => {
      const response = await fetch(signedWidgetUrl(idp, order(), { sandbox }));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(
        'This is Latch&#39;s local stand-in for MoonPay, not the real provider. No card is charged.',
      );
      expect(html).toContain(WALLET);
      expect(html).toContain('<code>eth</code>');
      expect(html).toContain('0.25 ETH');
      for (const text of ['Complete purchase', 'Fail', 'Pending, then complete', 'Waiting for card authorization'])
        expect(html).toContain(`>${text}</button>`);
    },
  );

  it('uses the default amount when the URL has none', async () => {
    const { quoteCurrencyAmount: _, ...rest } = order();
    const html = await (await fetch(signedWidgetUrl(idp, rest))).text();
    expect(html).toContain('0.05 ETH');
  });

  it('escapes the query text it shows', async () => {
    const evil = '"><script>alert(1)</script>';
    const url = signedWidgetUrl(idp, order({ currencyCode: `eth${evil}`, externalTransactionId: `id${evil}` }));
    const html = await (await fetch(url)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  const refusals: [string, () => string, RegExp][] = [
    ['a missing signature', () => signedWidgetUrl(idp, order()).replace(/&signature=.*$/, ''), /no signature/],
    [
      'a signature by another secret',
      () => signedWidgetUrl(idp, order(), { secretKey: idp.moonPay.secretKey }),
      /does not match the query/,
    ],
    [
      'a tampered query (another wallet after signing)',
      () => signedWidgetUrl(idp, order()).replace(WALLET, `0x${'1'.repeat(40)}`),
      /does not match the query/,
    ],
    [
      'a parameter added after the signature',
      () => `${signedWidgetUrl(idp, order())}&quoteCurrencyAmount=99`,
      /Parameters follow the signature/,
    ],
    [
      'the live publishable key on the sandbox widget',
      () => signedWidgetUrl(idp, order({ apiKey: idp.moonPay.publishableKey })),
      /not the publishable key/,
    ],
  ];
  it.each(refusals)('refuses %s with a plain 403 page, and creates nothing', async (_, urlOf, reason) => {
    const url = urlOf();
    const page = await fetch(url);
    expect(page.status).toBe(403);
    expect(await page.text()).toMatch(reason);
    const pick = await pickOutcome(url, 'fail');
    expect(pick.status).toBe(403);
    const id = new URL(url).searchParams.get('externalTransactionId') ?? '';
    expect((await transactionsOf(idp, id)).status).toBe(404);
  });

  it('refuses an order it cannot pay (no wallet address, amount out of range) with 400', async () => {
    expect((await fetch(signedWidgetUrl(idp, order({ walletAddress: 'nobody' })))).status).toBe(400);
    expect((await fetch(signedWidgetUrl(idp, order({ quoteCurrencyAmount: '-1' })))).status).toBe(400);
    expect((await fetch(signedWidgetUrl(idp, order({ quoteCurrencyAmount: '1e3' })))).status).toBe(400);
    expect((await fetch(signedWidgetUrl(idp, order({ quoteCurrencyAmount: '100.5' })))).status).toBe(400);
    expect((await fetch(signedWidgetUrl(idp, order({ quoteCurrencyAmount: '0.123456789' })))).status).toBe(400);
  });
});

describe('transactions by external id', () => {
  it('answers 401 JSON (with CORS) for a wrong apiKey', async () => {
    const response = await transactionsOf(idp, randomUUID(), 'pk_test_not-this-one');
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({ type: 'UnauthorizedError' });
  });

  it('answers 404 (with CORS) until the tester picks an outcome, then an array of one transaction', async () => {
    const params = order();
    const url = signedWidgetUrl(idp, params);
    expect((await fetch(url)).status).toBe(200);
    const before = await transactionsOf(idp, params.externalTransactionId);
    expect(before.status).toBe(404);
    expect(before.headers.get('access-control-allow-origin')).toBe('*');
    expect((await pickOutcome(url, 'fail')).status).toBe(200);
    const after = await transactionsOf(idp, params.externalTransactionId);
    expect(after.status).toBe(200);
    expect(after.headers.get('access-control-allow-origin')).toBe('*');
    const list = await after.json();
    expect(list).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'failed',
        paymentMethod: 'credit_debit_card',
        cardPaymentType: 'credit',
        currency: { code: 'eth' },
        baseCurrencyAmount: 750,
        quoteCurrencyAmount: 0.25,
        feeAmount: 33.75,
        extraFeeAmount: 7.5,
        networkFeeAmount: 0.5,
        externalTransactionId: params.externalTransactionId,
        walletAddress: WALLET,
        cryptoTransactionId: null,
        failureReason: 'The tester picked "Fail" on the stand-in\'s page.',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    // The live key does not find a sandbox transaction (separate environments, as at MoonPay).
    expect((await transactionsOf(idp, params.externalTransactionId, idp.moonPay.publishableKey)).status).toBe(404);
  });

  it('keeps "Waiting for card authorization" waiting', async () => {
    const params = order();
    expect((await pickOutcome(signedWidgetUrl(idp, params), 'authorization')).status).toBe(200);
    for (let poll = 0; poll < 4; poll += 1) {
      const tx = await transactionOf(idp, params.externalTransactionId);
      expect(tx.status).toBe('waitingAuthorization');
      expect(tx.cryptoTransactionId).toBeNull();
    }
  });

  it('fails a completed purchase with a clear reason when the dev IdP has no chain', async () => {
    const params = order();
    const result = await pickOutcome(signedWidgetUrl(idp, params), 'complete');
    expect(await result.text()).toMatch(/Purchase failed: .*no chain to pay on.*DEV_IDP_CHAIN_RPC_URL/);
    const tx = await transactionOf(idp, params.externalTransactionId);
    expect(tx).toMatchObject({ status: 'failed', cryptoTransactionId: null });
    expect(tx.failureReason).toMatch(
      /no chain to pay on: start the dev IdP with chainRpcUrl \(DEV_IDP_CHAIN_RPC_URL\)/,
    );
  });

  it('takes one outcome per order (a second pick is refused) and an outcome it knows', async () => {
    const params = order();
    const url = signedWidgetUrl(idp, params);
    expect((await pickOutcome(url, 'refund')).status).toBe(400);
    expect((await transactionsOf(idp, params.externalTransactionId)).status).toBe(404);
    expect((await pickOutcome(url, 'authorization')).status).toBe(200);
    expect((await pickOutcome(url, 'complete')).status).toBe(409);
    expect((await transactionOf(idp, params.externalTransactionId)).status).toBe('waitingAuthorization');
  });
});
