import type { WalletFlowEvent, WalletFlowModule, WalletFlowState } from '@latch/core';
import { createContext, useContext } from 'react';

/** The open wallet flow a wallet-flow screen renders: its state, its rules module, how to send it events. */
export interface WalletFlow {
  state: WalletFlowState;
  flow: WalletFlowModule;
  dispatch(event: WalletFlowEvent): void;
}

/** Provided by the wallet-flow dialog around its screen, so every screen takes the one ScreenProps shape. */
export const WalletFlowContext = createContext<WalletFlow | null>(null);

/** The open wallet flow; only a wallet-flow screen (inside WalletFlowDialog) calls it. */
export function useWalletFlow(): WalletFlow {
  const flow = useContext(WalletFlowContext);
  if (!flow) throw new Error('A wallet-flow screen renders inside the wallet-flow dialog');
  return flow;
}
