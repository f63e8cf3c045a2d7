import type { FundWalletOptions, SendTransaction } from '@latch/core';
import type { AppConfig } from '@latch/protocol';

// Wei per native token (18 decimals on every supported chain).
const WEI = 10n ** 18n;
// The prefilled amount is rounded up to this many decimals: never short of what the send needs.
const DECIMALS = 6n;

/** What the balance lacks for `total`, in tokens rounded up to 6 decimals (the provider's quoteCurrencyAmount). */
export function missingAmount(total: bigint, balance: bigint): number {
  const missing = total - balance;
  if (missing <= 0n) return 0;
  const unit = WEI / 10n ** DECIMALS;
  const units = (missing + unit - 1n) / unit;
  return Number(units) / 10 ** Number(DECIMALS);
}

/**
 * SPEC §2/§8 'Add Funds' on the send screen: only when the balance is short and the app's on-ramp is on. It opens
 * the funding for the send's wallet and chain with the missing amount; when the user closes the funding, the
 * send is prepared again, so the screen shows the new balance (and Submit once it covers the send).
 */
export function addFundsAction(
  config: AppConfig | null | undefined,
  transaction: SendTransaction,
  fundWallet: (options: FundWalletOptions) => Promise<unknown>,
  refresh: () => void,
): (() => void) | undefined {
  const prepared = transaction.prepared;
  if (!config?.fiatOnRamp?.enabled || !prepared?.insufficientFunds || transaction.status !== 'review') return undefined;
  return () =>
    void fundWallet({
      address: prepared.from,
      chain: transaction.chainId,
      amount: missingAmount(prepared.total, prepared.balance),
    }).then(refresh, refresh);
}
