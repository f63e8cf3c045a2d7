import { randomUUID } from 'node:crypto';
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSendQueue } from '../../../scripts/chainSendQueue.mjs';
import { freePort } from '../../../scripts/freePort.mjs';
import { type LocalChain, startLocalChain } from '../../../scripts/localChain.mjs';
import { type DevIdp, MOONPAY_PAYER_ADDRESS, PENDING_POLLS, startDevIdp } from './index.js';
import { pickOutcome, signedWidgetUrl, transactionOf } from './testing/moonPayClient.js';

// The MoonPay stand-in paying on a real anvil, behind scripts/chainSendQueue.mjs as in the e2e stack (its
// raw sends pass the queue untouched): a completed purchase raises the wallet's balance by exactly the amount.

let chain: LocalChain;
let queue: { close(): Promise<void> };
let idp: DevIdp;
let client: ReturnType<typeof createPublicClient>;
const freshWallet = () => privateKeyToAccount(generatePrivateKey()).address;
const order = (walletAddress: Hex, quoteCurrencyAmount: string, extra: Record<string, string> = {}) => ({
  walletAddress,
  currencyCode: 'eth',
  externalTransactionId: randomUUID(),
  quoteCurrencyAmount,
  ...extra,
});

beforeAll(async () => {
  chain = await startLocalChain();
  const queuePort = await freePort();
  queue = await startSendQueue(queuePort, chain.url);
  const chainRpcUrl = `http://127.0.0.1:${queuePort}`;
  client = createPublicClient({ transport: http(chain.url) });
  idp = await startDevIdp({
    redirectUris: ['http://localhost:8787/api/v1/oauth/callback'],
    providers: [],
    chainRpcUrl,
  });
});
afterAll(async () => {
  await idp?.close();
  await queue?.close();
  await chain?.stop();
});

describe('paying on the dev chain', () => {
  it("pays from anvil's tenth default account, which nothing else in the repository uses", async () => {
    const accounts = await createWalletClient({ transport: http(chain.url) }).getAddresses();
    expect(accounts[9]?.toLowerCase()).toBe(MOONPAY_PAYER_ADDRESS.toLowerCase());
  });

  it('"Complete purchase" sends exactly the amount before answering completed with the hash', async () => {
    const wallet = freshWallet();
    const params = order(wallet, '0.12345678');
    const before = await client.getBalance({ address: wallet });
    const result = await pickOutcome(signedWidgetUrl(idp, params), 'complete');
    expect(result.status).toBe(200);
    expect(await result.text()).toContain('Purchase completed');
    const tx = await transactionOf(idp, params.externalTransactionId);
    expect(tx).toMatchObject({ status: 'completed', failureReason: null, walletAddress: wallet });
    expect(tx.cryptoTransactionId).toMatch(/^0x[0-9a-f]{64}$/);
    const after = await client.getBalance({ address: wallet });
    expect(after - before).toBe(parseEther('0.12345678'));
    // The JSON amount is the amount paid, to the wei.
    expect(parseEther(String(tx.quoteCurrencyAmount))).toBe(after - before);
    const receipt = await client.getTransactionReceipt({ hash: tx.cryptoTransactionId as Hex });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(MOONPAY_PAYER_ADDRESS.toLowerCase());
    expect(receipt.to?.toLowerCase()).toBe(wallet.toLowerCase());
  });

  it('pays the default amount (live keys too) when the URL has none', async () => {
    const wallet = freshWallet();
    const { quoteCurrencyAmount: _, ...params } = order(wallet, '1');
    await pickOutcome(signedWidgetUrl(idp, params, { sandbox: false }), 'complete');
    const response = await fetch(
      `${idp.moonPay.apiUrl}/v1/transactions/ext/${params.externalTransactionId}?apiKey=${idp.moonPay.publishableKey}`,
    );
    const [tx] = (await response.json()) as [{ status: string; quoteCurrencyAmount: number }];
    expect(tx).toMatchObject({ status: 'completed', quoteCurrencyAmount: 0.05 });
    expect(await client.getBalance({ address: wallet })).toBe(parseEther('0.05'));
  });

  it('"Pending, then complete" answers pending for its first polls, then pays and answers completed', async () => {
    const wallet = freshWallet();
    const params = order(wallet, '0.5');
    const page = await pickOutcome(signedWidgetUrl(idp, params), 'pending');
    expect(await page.text()).toContain('The purchase is pending');
    for (let poll = 0; poll < PENDING_POLLS; poll += 1) {
      expect(await transactionOf(idp, params.externalTransactionId)).toMatchObject({
        status: 'pending',
        cryptoTransactionId: null,
      });
      expect(await client.getBalance({ address: wallet })).toBe(0n);
    }
    const done = await transactionOf(idp, params.externalTransactionId);
    expect(done.status).toBe('completed');
    expect(done.cryptoTransactionId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await client.getBalance({ address: wallet })).toBe(parseEther('0.5'));
  });

  it('pays three concurrent purchases, all of them (serialised sends, no nonce collision)', async () => {
    const wallets = [freshWallet(), freshWallet(), freshWallet()];
    const orders = wallets.map((wallet, index) => order(wallet, `0.0${index + 1}`));
    const results = await Promise.all(orders.map((params) => pickOutcome(signedWidgetUrl(idp, params), 'complete')));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    const txs = await Promise.all(orders.map((params) => transactionOf(idp, params.externalTransactionId)));
    expect(txs.map((tx) => tx.status)).toEqual(['completed', 'completed', 'completed']);
    expect(new Set(txs.map((tx) => tx.cryptoTransactionId)).size).toBe(3);
    const balances = await Promise.all(wallets.map((address) => client.getBalance({ address })));
    expect(balances).toEqual([parseEther('0.01'), parseEther('0.02'), parseEther('0.03')]);
  });

  it('fails, with the reason, a currency the dev chain does not have', async () => {
    const wallet = freshWallet();
    const params = order(wallet, '1', { currencyCode: 'usdc' });
    await pickOutcome(signedWidgetUrl(idp, params), 'complete');
    const tx = await transactionOf(idp, params.externalTransactionId);
    expect(tx).toMatchObject({ status: 'failed', cryptoTransactionId: null });
    expect(tx.failureReason).toBe('The stand-in pays only ETH on the local dev chain, not usdc.');
    expect(await client.getBalance({ address: wallet })).toBe(0n);
  });
});
