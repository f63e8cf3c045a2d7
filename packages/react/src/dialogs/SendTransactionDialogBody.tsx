import { type ComponentType, type ReactNode, useEffect, useMemo, useState } from 'react';
import { adoptApprovalDialogStyles, useApprovalDisplay } from '../components/FrameSlot.js';
import { useClientState, useEmbeddedWalletRuntime, useEmbeddedWalletState } from '../hooks/index.js';
import { useLatchContext } from '../LatchContext.js';
import {
  SendTransactionScreenContext,
  type SendTransactionScreenState,
} from '../screens/embeddedWallet/EmbeddedWalletSendTransactionContext.js';
import type { ScreenProps } from '../screens/ScreenProps.js';
import { addFundsAction } from './addFunds.js';
import { sendTransactionChain } from './sendTransactionChain.js';
import { useModalDialog } from './useModalDialog.js';

// SPEC §3's default: the dollar value first would need a price; the token amount then stays first (Amount).
const DEFAULT_PRICE_DISPLAY = { primary: 'fiat-currency', secondary: 'native-token' } as const;

/**
 * The send screen's <dialog> (non-modal: the wallet frame is placed over it), loaded when a transaction first waits.
 * `Screen`: EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN, handed in by SendTransactionDialog (see there).
 */
export function SendTransactionDialogBody({ Screen }: { Screen: ComponentType<ScreenProps> }): ReactNode {
  const runtime = useEmbeddedWalletRuntime();
  const { client, latch } = useLatchContext();
  const { sendTransaction } = useEmbeddedWalletState();
  const { config } = useClientState();
  const { ref, titleId, root } = useModalDialog(() => runtime.sendTransactionAction('close'), { modal: false });
  useEffect(adoptApprovalDialogStyles, []);
  const chainId = sendTransaction?.chainId ?? 0;
  const chainOptions = runtime.chainOptions();
  const facts = useMemo(() => sendTransactionChain(chainId, chainOptions), [chainId, chainOptions]);
  // The token price, asked once per chain; none (null) shows token amounts only, never a wait.
  const [price, setPrice] = useState<{ chainId: number; usd: number | null } | null>(null);
  const wantsFiat =
    config?.embeddedWallets.priceDisplay.primary === 'fiat-currency' ||
    config?.embeddedWallets.priceDisplay.secondary === 'fiat-currency';
  useEffect(() => {
    if (!chainId || !wantsFiat) return;
    let live = true;
    client.getTokenPrice(chainId, facts.nativeSymbol).then((usd) => live && setPrice({ chainId, usd }));
    return () => {
      live = false;
    };
  }, [client, chainId, facts.nativeSymbol, wantsFiat]);

  const usdPrice = price?.chainId === chainId ? price.usd : null;
  const display = useApprovalDisplay(() => ref.current, {
    nativeSymbol: facts.nativeSymbol,
    ...(usdPrice === null ? {} : { usdPrice }),
  });
  if (!sendTransaction?.prompt) return null;
  const view: SendTransactionScreenState = {
    transaction: sendTransaction,
    ...facts,
    usdPrice,
    priceDisplay: config?.embeddedWallets.priceDisplay ?? DEFAULT_PRICE_DISPLAY,
    act: (action) => runtime.sendTransactionAction(action, action === 'submit' ? display() : undefined),
    addFunds: addFundsAction(config, sendTransaction, latch.fundWallet, () => runtime.sendTransactionAction('retry')),
  };
  return (
    <dialog
      ref={ref}
      {...root}
      className="latch-dialog"
      aria-labelledby={titleId}
      data-latch-send-transaction=""
      data-latch-approval=""
    >
      <SendTransactionScreenContext.Provider value={view}>
        <Screen titleId={titleId} onClose={() => runtime.sendTransactionAction('close')} />
      </SendTransactionScreenContext.Provider>
    </dialog>
  );
}
