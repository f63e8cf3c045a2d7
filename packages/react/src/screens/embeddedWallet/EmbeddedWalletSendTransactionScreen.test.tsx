import type { SendTransaction } from '@latch/core';
import type { PreparedTransaction } from '@latch/core/transactions';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { parseEther, parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import { LatchContext, type LatchContextValue } from '../../LatchContext.js';
import { en, type StringCatalogue } from '../../strings/en.js';
import { SCREENS } from '../screenTable.js';
import {
  SendTransactionScreenContext,
  type SendTransactionScreenState,
} from './EmbeddedWalletSendTransactionContext.js';
import { EmbeddedWalletSendTransactionScreen } from './EmbeddedWalletSendTransactionScreen.js';

// One server-rendered test per state of the send flow (sendTransactionFlow.ts), asserting SPEC's texts.
const FROM = '0x52908400098527886E0F7030069857D2E4169EE7';
const TO = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';
const HASH = `0x${'ab'.repeat(32)}` as const;

const prepared = (overrides: Partial<PreparedTransaction> = {}): PreparedTransaction => {
  const gas = 21_000n;
  const feePerGas = parseGwei('2');
  const fees = {
    rule: 'default' as const,
    gas,
    feePerGas,
    executionFee: gas * feePerGas,
    l1Fee: 0n,
    total: gas * feePerGas,
  };
  const value = parseEther('0.01');
  return {
    from: FROM,
    transaction: {
      type: 'eip1559',
      chainId: 31337,
      nonce: 0,
      gas,
      value,
      to: TO,
      maxFeePerGas: feePerGas,
      maxPriorityFeePerGas: 1n,
    },
    kind: 'send',
    fees,
    total: value + fees.total,
    balance: parseEther('1'),
    insufficientFunds: false,
    ...overrides,
  };
};

const send = (overrides: Partial<SendTransaction> = {}): SendTransaction =>
  ({
    id: 1,
    request: { to: TO, value: '0x2386f26fc10000' },
    chainId: 31337,
    uiOptions: {},
    prompt: true,
    waitForReceipt: true,
    broadcast: true,
    status: 'review',
    prepared: prepared(),
    hash: null,
    receipt: null,
    error: null,
    failure: null,
    ...overrides,
  }) as SendTransaction;

const render = (
  transaction: SendTransaction,
  view: Partial<SendTransactionScreenState> = {},
  strings: Partial<StringCatalogue> = {},
) => {
  const context = { strings: { ...en, ...strings }, embeds: { current: 0 } } as unknown as LatchContextValue;
  const state: SendTransactionScreenState = {
    transaction,
    nativeSymbol: 'ETH',
    explorerTransactionUrl: (hash) => `https://explorer.example/tx/${hash}`,
    usdPrice: null,
    priceDisplay: { primary: 'fiat-currency', secondary: 'native-token' },
    act: () => undefined,
    ...view,
  };
  const html = renderToString(
    <LatchContext.Provider value={context}>
      <SendTransactionScreenContext.Provider value={state}>
        <EmbeddedWalletSendTransactionScreen titleId="t" />
      </SendTransactionScreenContext.Provider>
    </LatchContext.Provider>,
  );
  const text = html
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replace(/\s+/g, ' ');
  const submit = /<button[^>]*>Submit<\/button>/.exec(html)?.[0] ?? '';
  return { html, text, submitDisabled: submit.includes('disabled') };
};

describe('EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN', () => {
  it('preparing: a spinner under the review title, no Submit yet', () => {
    const { text, html } = render(send({ status: 'preparing', prepared: null }));
    expect(text).toContain('Review transaction');
    expect(html).toContain('role="progressbar"');
    expect(text).not.toContain('Submit');
  });

  it("review: the wallet frame's slot (its own review and Submit sign, issue #24) and the widget's balance", () => {
    const { html, text, submitDisabled } = render(send());
    expect(html).toContain('data-latch-frame-slot');
    expect(text).toContain('Balance');
    expect(text).toContain('1 ETH');
    expect(text).not.toContain('Submit');
    expect(submitDisabled).toBe(false);
    expect(render(send({ status: 'confirming' })).html).toContain('data-latch-frame-slot');
  });

  it("while sending, the widget's review: 'Send ETH', From, To, Action, Est. Fees, Total, balance", () => {
    const { text, submitDisabled } = render(send({ status: 'submitting' }));
    expect(text).toContain('Send ETH');
    for (const label of ['From', 'To', 'Action', 'Est. Fees', 'Total (including fees)', 'Balance']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('0x5290…9EE7');
    expect(text).toContain('0x8617…070D');
    // SPEC §9: up to 6 decimals, '<0.001' below: fees 21000 × 2 gwei = 0.000042 ETH; total 0.010042 ETH.
    expect(text).toContain('Est. Fees <0.001 ETH');
    expect(text).toContain('0.010042 ETH');
    expect(text).toContain('1 ETH');
    expect(text).not.toContain('$');
    expect(submitDisabled).toBe(true);
  });

  it('review with a known price: dollar values by SPEC §9 (2 decimals, <$0.01) and the token price', () => {
    const { text } = render(send({ status: 'submitting' }), { usdPrice: 3000 });
    expect(text).toContain('$30.13'); // total 0.010042 ETH
    expect(text).toContain('$0.13'); // fees
    expect(text).toContain('$3,000.00');
    expect(text).toContain('ETH price');
    expect(render(send({ status: 'submitting' }), { usdPrice: 0.1 }).text).toContain('<$0.01');
  });

  it('priceDisplay orders each amount: the primary unit first, the secondary under it, none when null', () => {
    const total = (primary: 'fiat-currency' | 'native-token', secondary: 'fiat-currency' | 'native-token' | null) =>
      /Total \(including fees\) (.*?) Balance/.exec(
        render(send({ status: 'submitting' }), { usdPrice: 3000, priceDisplay: { primary, secondary } }).text,
      )?.[1];
    expect(total('fiat-currency', 'native-token')).toBe('$30.13 0.010042 ETH');
    expect(total('native-token', 'fiat-currency')).toBe('0.010042 ETH $30.13');
    expect(total('native-token', null)).toBe('0.010042 ETH');
    // Fiat first without a known price: the token amount, once.
    const unpriced = render(send({ status: 'submitting' }), {
      priceDisplay: { primary: 'fiat-currency', secondary: 'native-token' },
    });
    expect(unpriced.text).not.toContain('$');
    expect(unpriced.text.match(/0\.010042 ETH/g)).toHaveLength(1);
  });

  it('review of a contract call honours transactionInfo: title, action, description, contract name', () => {
    const { text } = render(
      send({
        status: 'submitting',
        prepared: prepared({ kind: 'contractCall' }),
        uiOptions: {
          transactionInfo: {
            title: 'Mint your pass',
            action: 'Mint',
            actionDescription: 'You are minting one pass.',
            contractInfo: { name: 'Pass contract' },
          },
        },
      }),
    );
    expect(text).toContain('Mint your pass');
    expect(text).toContain('You are minting one pass.');
    expect(text).toContain('Mint');
    expect(text).toContain('Pass contract');
    // The host's name never replaces the address the transaction goes to.
    expect(text).toContain(`${TO.slice(0, 6)}…${TO.slice(-4)}`);
    expect(text).not.toContain('Send ETH');
  });

  it("review of a contract call without UI options: 'Review transaction' and 'Contract call'", () => {
    const { text } = render(send({ status: 'submitting', prepared: prepared({ kind: 'contractCall' }) }));
    expect(text).toContain('Review transaction');
    expect(text).toContain('Contract call');
  });

  it("insufficient funds: SPEC's text, Submit disabled, no Add Funds (no on-ramp)", () => {
    const { text, submitDisabled } = render(
      send({
        prepared: prepared({ balance: 0n, insufficientFunds: true }),
        error: { code: 'insufficient_funds', hash: null },
      }),
    );
    expect(text).toContain('Wallet has insufficient funds for this transaction.');
    expect(submitDisabled).toBe(true);
    expect(text).not.toContain('Add Funds');
  });

  it("insufficient funds with the on-ramp on (the dialog's addFunds, dialogs/addFunds.ts): 'Add Funds'", () => {
    const short = send({ prepared: prepared({ balance: 0n, insufficientFunds: true }) });
    const { html } = render(short, { addFunds: () => undefined });
    expect(html).toMatch(/<button[^>]*>Add Funds<\/button>/);
    // Only when funds are short: a covered send never shows it, whatever the dialog passes.
    expect(render(send({ status: 'submitting' }), { addFunds: () => undefined }).text).not.toContain('Add Funds');
  });

  it('submitting and awaiting the receipt: Submit busy, no close button, then the hash with the explorer link', () => {
    const submitting = render(send({ status: 'submitting' }));
    expect(submitting.text).toContain('Submitting your transaction');
    expect(submitting.submitDisabled).toBe(true);
    expect(submitting.html).not.toContain('aria-label="Close"');
    const waiting = render(send({ status: 'awaitingReceipt', hash: HASH }));
    expect(waiting.text).toContain('Waiting for confirmation');
    expect(waiting.html).toContain(`https://explorer.example/tx/${HASH}`);
  });

  it("receipt: 'Transaction complete!' and 'All Done', the hash linked to the explorer", () => {
    const { text, html } = render(send({ status: 'receipt', hash: HASH }));
    expect(text).toContain('Transaction complete!');
    expect(text).toContain('All Done');
    expect(html).toContain(`href="https://explorer.example/tx/${HASH}"`);
    expect(text).not.toContain('Submit');
  });

  it('a chain without an explorer shows the hash without a link', () => {
    const { html } = render(send({ status: 'receipt', hash: HASH }), { explorerTransactionUrl: () => undefined });
    expect(html).not.toContain('View on block explorer');
    expect(html).toContain(HASH);
  });

  it("error, reverted: the code, the message, the hash and 'Retry transaction'", () => {
    const { text, html } = render(
      send({ status: 'error', hash: HASH, error: { code: 'transaction_reverted', hash: HASH } }),
    );
    expect(text).toContain('transaction_reverted');
    expect(text).toContain('The transaction was reverted.');
    expect(html).toContain(`https://explorer.example/tx/${HASH}`);
    expect(text).toContain('Retry transaction');
  });

  it("error, failed send and failed preparation: SPEC §8's texts, no hash", () => {
    const failed = render(send({ status: 'error', error: { code: 'transaction_failed', hash: null } }));
    expect(failed.text).toContain('Error processing transaction');
    expect(failed.text).not.toContain('Transaction hash');
    const unprepared = render(
      send({ status: 'error', prepared: null, error: { code: 'transaction_preparation_failed', hash: null } }),
    );
    expect(unprepared.text).toContain(
      'There was an error preparing your transaction. Your transaction request will likely fail.',
    );
    expect(unprepared.text).toContain('Retry transaction');
  });

  it("error, a chain no longer supported: SPEC §5's text with the send's chain id", () => {
    const unsupported = render(send({ status: 'error', error: { code: 'unsupported_chain_id', hash: null } }));
    expect(unsupported.text).toContain('Chain ID 31337 is not supported...');
  });

  it('loads lazily through the one screen table', async () => {
    const Screen = SCREENS.EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN;
    const context = { strings: en, embeds: { current: 0 } } as unknown as LatchContextValue;
    const state: SendTransactionScreenState = {
      transaction: send({ status: 'submitting' }),
      nativeSymbol: 'ETH',
      explorerTransactionUrl: () => undefined,
      usdPrice: null,
      priceDisplay: { primary: 'native-token', secondary: null },
      act: () => undefined,
    };
    const { prelude } = await prerenderToNodeStream(
      <LatchContext.Provider value={context}>
        <SendTransactionScreenContext.Provider value={state}>
          <Screen titleId="t" />
        </SendTransactionScreenContext.Provider>
      </LatchContext.Provider>,
    );
    let html = '';
    for await (const chunk of prelude) html += chunk;
    expect(html).toContain('Send ETH');
    expect(html).toContain('Est. Fees');
  });

  it('a host overrides a send text like any other', () => {
    const { text } = render(send({ status: 'receipt', hash: HASH }), {}, { allDone: 'Fertig' });
    expect(text).toContain('Fertig');
  });
});
