import { type WalletHelpTarget, walletHelpTarget } from '@latch/core/wallet';
import { useSyncExternalStore } from 'react';
import { useExternalWallets } from './useExternalWallets.js';

const noop = () => () => {};
const none = (): null => null;

/** The wallet the install help is about (chosen in the list or named by a deep link); Phantom when none was recorded. */
export function useWalletHelpTarget(): WalletHelpTarget {
  const help = useExternalWallets(true)?.help;
  const target = useSyncExternalStore(help ? help.subscribe : noop, help ? help.target : none, none);
  return target ?? walletHelpTarget('phantom');
}
