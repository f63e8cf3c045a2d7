import { lazy, type ReactNode, Suspense } from 'react';
import { useEmbeddedWalletState } from '../hooks/index.js';

// The send screen loads only when a transaction first waits for the user (bundle budget).
const SendTransactionDialogBody = lazy(() =>
  import('./SendTransactionDialogBody.js').then((m) => ({ default: m.SendTransactionDialogBody })),
);

/** EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN as a native modal <dialog>, open while a send waits for the user. */
export function SendTransactionDialog(): ReactNode {
  const { sendTransaction } = useEmbeddedWalletState();
  // noPromptOnSignature: the flow runs without a screen.
  if (!sendTransaction?.prompt) return null;
  return (
    <Suspense fallback={null}>
      <SendTransactionDialogBody />
    </Suspense>
  );
}
