import { useSendTransaction } from '@latch/react';
import { type ReactNode, useState } from 'react';

/** Where the demo's 'Send 0.01 ETH' goes: a fixed address nobody holds the key of (e2e checks its balance). */
export const DEMO_RECIPIENT = '0x000000000000000000000000000000000000dEaD';
/** 0.01 ETH in wei, as hex (what eth_sendTransaction takes). */
const DEMO_VALUE = `0x${(10n ** 16n).toString(16)}`;

/** 'Send 0.01 ETH' from the embedded wallet through the send screen; shows the hash or the error code and reason. */
export function SendTransactionPanel(): ReactNode {
  const [result, setResult] = useState<{ hash?: string; error?: string }>({});
  const { sendTransaction } = useSendTransaction({
    onSuccess: ({ hash }) => setResult({ hash }),
    onError: (error) => {
      // SPEC §8's event (transaction_failure), the finer code beside it (approval_rejected, transaction_reverted, …).
      const { code, reason, message } = error as { code?: unknown; reason?: unknown; message?: string };
      setResult({ error: `${String(code ?? 'error')}${reason ? ` (${String(reason)})` : ''}: ${message ?? ''}` });
    },
  });
  const send = () => {
    setResult({});
    sendTransaction(
      { to: DEMO_RECIPIENT, value: DEMO_VALUE },
      { uiOptions: { description: 'The Latch demo sends 0.01 ETH to a burn address.' } },
    ).catch(() => undefined);
  };
  return (
    <div className="actions" data-testid="send-transaction">
      <button type="button" onClick={send}>
        Send 0.01 ETH
      </button>
      {result.hash ? (
        <p data-testid="send-transaction-hash" style={{ overflowWrap: 'anywhere' }}>
          {result.hash}
        </p>
      ) : null}
      {result.error ? <p data-testid="send-transaction-error">{result.error}</p> : null}
    </div>
  );
}
