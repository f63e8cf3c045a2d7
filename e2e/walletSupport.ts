// What the specs of the embedded wallet on the stack's anvil node share: the chain, an app whose users get
// a wallet on login, and a new user logged in through the demo's widget with a ready wallet.
import type { Page } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { inject } from 'vitest';
import { createApp, openDemo, type TestApp, uniqueEmail } from './support.js';
import { dialog, enterCodeFor, openLogin, seenCodes, submitEmail, visible } from './widgetSteps.js';

/** Where the specs send to: a burn address no one holds the key of. */
export const RECIPIENT = '0x000000000000000000000000000000000000dEaD';

/** A client of the stack's anvil node: the specs check every effect on the chain itself. */
export const devChain = () => createPublicClient({ chain: foundry, transport: http(inject('chainUrl')) });

/**
 * What RECIPIENT gained across the block that mined `hash`, and the sum its transactions sent RECIPIENT: the
 * files run side by side and several send to it, so a balance read before and after a send may count theirs.
 */
export async function recipientGainInBlockOf(hash: `0x${string}`): Promise<{ gained: bigint; sent: bigint }> {
  const chain = devChain();
  const { blockNumber } = await chain.getTransactionReceipt({ hash });
  const [before, after, block] = await Promise.all([
    chain.getBalance({ address: RECIPIENT, blockNumber: blockNumber - 1n }),
    chain.getBalance({ address: RECIPIENT, blockNumber }),
    chain.getBlock({ blockNumber, includeTransactions: true }),
  ]);
  const toRecipient = block.transactions.filter((tx) => tx.to?.toLowerCase() === RECIPIENT.toLowerCase());
  return { gained: after - before, sent: toRecipient.reduce((sum, tx) => sum + tx.value, 0n) };
}

/** An app logging in by email whose users get an embedded wallet at their first login; `config` adds fields. */
export const walletApp = (name: string, config: Record<string, unknown> = {}): Promise<TestApp> =>
  createApp({
    name,
    config: { email_auth: true, embedded_wallet_config: { create_on_login: 'users-without-wallets' }, ...config },
  });

/** Logs a new user (`label`) in on the demo through the widget and waits for the wallet; returns its address. */
export async function logInWithWallet(page: Page, app: TestApp, label: string): Promise<`0x${string}`> {
  const email = uniqueEmail(label);
  await openDemo(page, app);
  await openLogin(page);
  const seen = await seenCodes(email);
  await submitEmail(page, email);
  await enterCodeFor(page, email, seen);
  await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });
  await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
  return (await page.getByTestId('embedded-wallet-address').textContent()) as `0x${string}`;
}
