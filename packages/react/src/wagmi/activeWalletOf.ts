/** The part of a `useWallets()` wallet the choice reads. */
interface WalletChoice {
  address: `0x${string}`;
  walletClientType: string;
}

/**
 * The wallet wagmi should use: the one the host chose with `setActiveWallet` while the user still has it,
 * else the embedded wallet, else the first connected external wallet, else none.
 */
export function activeWalletOf<W extends WalletChoice>(wallets: readonly W[], chosen: string | null): W | null {
  const picked = chosen ? wallets.find((wallet) => wallet.address.toLowerCase() === chosen.toLowerCase()) : undefined;
  return picked ?? wallets.find((wallet) => wallet.walletClientType === 'latch') ?? wallets[0] ?? null;
}
