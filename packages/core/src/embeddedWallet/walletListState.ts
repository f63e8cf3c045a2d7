import type { LatchState } from '../store.js';
import { embeddedWalletOf } from './embeddedWalletController.js';
import type { EmbeddedWalletState } from './embeddedWalletRuntime.js';

/** The user's embedded wallet as the wallet list shows it. */
export interface ListedEmbeddedWallet {
  address: `0x${string}`;
  /** True once this device has unlocked (or recovered) this wallet. */
  ready: boolean;
}

/** What `useWallets()` shows: whether the list is settled, and the embedded wallet in it. */
export interface WalletListState {
  ready: boolean;
  embedded: ListedEmbeddedWallet | null;
}

/**
 * The wallet list's state from the client's and the embedded wallet's: settled once the app is ready and
 * the user's embedded wallet (if any) is not still connecting on this device.
 */
export function walletListState(
  client: Pick<LatchState, 'status' | 'user'>,
  wallet: Pick<EmbeddedWalletState, 'connection'>,
): WalletListState {
  const { connection } = wallet;
  const info = embeddedWalletOf(client.user);
  const embedded = info
    ? { address: info.address, ready: connection?.address === info.address && connection.status === 'ready' }
    : null;
  return { ready: client.status === 'ready' && (!embedded || connection?.status !== 'connecting'), embedded };
}
