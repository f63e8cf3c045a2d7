import { useSignMessage, useSignTypedData, useWallets } from '@latch/react';
import { type ReactNode, useState } from 'react';
import { DEMO_TYPED_DATA } from './demoTypedData.js';

/** The message the demo asks the embedded wallet to sign. */
export const DEMO_SIGN_MESSAGE = 'Hello from the Latch demo';

/** The user's embedded wallet: its address, and a button that signs a message and shows the signature. */
export function EmbeddedWalletPanel(): ReactNode {
  const { wallets } = useWallets();
  const { signMessage } = useSignMessage();
  const { signTypedData } = useSignTypedData();
  const [signature, setSignature] = useState('');
  const [error, setError] = useState('');
  const wallet = wallets.find((w) => w.walletClientType === 'latch');
  if (!wallet) return null;
  const show = (signing: Promise<string>) => {
    setSignature('');
    setError('');
    signing.then(setSignature, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <div className="card" data-testid="embedded-wallet">
      <dl>
        <dt>Embedded wallet</dt>
        <dd data-testid="embedded-wallet-address">{wallet.address}</dd>
        <dt>On this device</dt>
        <dd data-testid="embedded-wallet-ready">{wallet.ready ? 'ready' : 'connecting…'}</dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => show(signMessage(DEMO_SIGN_MESSAGE))}>
          Sign message
        </button>
        <button type="button" onClick={() => show(signTypedData(DEMO_TYPED_DATA))}>
          Sign typed data
        </button>
      </div>
      {signature ? (
        <p data-testid="embedded-wallet-signature" style={{ overflowWrap: 'anywhere' }}>
          {signature}
        </p>
      ) : null}
      {error ? <p data-testid="embedded-wallet-error">{error}</p> : null}
    </div>
  );
}
