import type { SendTransaction } from '@latch/core';
import type { AppConfig } from '@latch/protocol';
import { createContext, useContext } from 'react';

/** The open send, as EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN renders it: the flow's state and the chain's facts. */
export interface SendTransactionScreenState {
  transaction: SendTransaction;
  /** The chain's native token symbol ('ETH'). */
  nativeSymbol: string;
  /** The block explorer's page for a transaction hash on this chain, or undefined when it has none. */
  explorerTransactionUrl(hash: string): string | undefined;
  /** US dollars per native token, or null while unknown (no price source): token amounts only. */
  usdPrice: number | null;
  /** The app's `embeddedWallets.priceDisplay`: which unit an amount shows first, and which under it (null: none). */
  priceDisplay: AppConfig['embeddedWallets']['priceDisplay'];
  /** 'submit' once the frame is placed (its Submit signs), 'Retry transaction', close / 'All Done'. */
  act(action: 'submit' | 'retry' | 'close'): void;
  /** 'Add Funds': set when the balance is short and the app's on-ramp is on (dialogs/addFunds.ts), else undefined. */
  addFunds?: () => void;
}

/** Provided by the send dialog around the screen, so the screen takes the one ScreenProps shape. */
export const SendTransactionScreenContext = createContext<SendTransactionScreenState | null>(null);

/** The open send; only the send screen (inside the send dialog) calls it. */
export function useSendTransactionScreen(): SendTransactionScreenState {
  const state = useContext(SendTransactionScreenContext);
  if (!state) throw new Error('The send transaction screen renders inside the send transaction dialog');
  return state;
}
