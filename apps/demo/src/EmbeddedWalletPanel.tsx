import {
  useCreateWallet,
  useFundWallet,
  useLatch,
  useSetWalletPassword,
  useSetWalletRecovery,
  useSignMessage,
  useSignTypedData,
  useWallets,
} from '@latch/react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { DEMO_SIGN_TEXTS } from './demoSignTexts.js';
import { DEMO_TYPED_DATA } from './demoTypedData.js';
import { devChainRpcUrl } from './devChain.js';
import { SendTransactionPanel } from './SendTransactionPanel.js';

/** The message the demo asks the embedded wallet to sign. */
export const DEMO_SIGN_MESSAGE = 'Hello from the Latch demo';

// Dev server only: a built demo folds `import.meta.env.DEV` to false and carries none of the funding code.
const DevFundingPanel = import.meta.env.DEV
  ? lazy(() => import('./DevFundingPanel.js').then((m) => ({ default: m.DevFundingPanel })))
  : null;
const devRpcUrl = import.meta.env.DEV ? devChainRpcUrl(import.meta.env) : null;

declare global {
  interface Window {
    /** The embedded wallet's EIP-1193 provider, for the console (and the e2e's viem wallet client). */
    latchEmbeddedProvider?: unknown;
  }
}

/** The user's embedded wallet: its address, buttons that sign and show the signature, and 'Export wallet' (else Create and Import). */
export function EmbeddedWalletPanel(): ReactNode {
  const { exportWallet, importWallet, authenticated } = useLatch();
  // Apps with createOnLogin 'off': the wallet is created when the user asks for it.
  const { createWallet } = useCreateWallet();
  const { fundWallet } = useFundWallet();
  const { wallets } = useWallets();
  const { signMessage } = useSignMessage();
  const { signTypedData } = useSignTypedData();
  const { setWalletPassword } = useSetWalletPassword();
  // Choose the recovery method again: Google Drive, iCloud (the dev stand-ins under npm start) or a password.
  const { setWalletRecovery } = useSetWalletRecovery();
  const [passwordStatus, setPasswordStatus] = useState('');
  const [signature, setSignature] = useState('');
  const [error, setError] = useState('');
  const wallet = wallets.find((w) => w.walletClientType === 'latch');
  useEffect(() => {
    if (!wallet) return;
    void wallet.getEthereumProvider().then((provider) => {
      window.latchEmbeddedProvider = provider;
    });
    return () => {
      window.latchEmbeddedProvider = undefined;
    };
  }, [wallet]);
  if (!wallet) {
    if (!authenticated) return null;
    return (
      <div className="card" data-testid="embedded-wallet-none">
        <button type="button" onClick={() => createWallet().catch((e: unknown) => setError(String(e)))}>
          Create wallet
        </button>
        {/* The key is typed into the wallet frame's own form, placed over the widget's import screen. */}
        <button type="button" onClick={() => importWallet().catch((e: unknown) => setError(String(e)))}>
          Import wallet
        </button>
        {error ? <p data-testid="embedded-wallet-error">{error}</p> : null}
      </div>
    );
  }
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
        <button type="button" onClick={() => show(signMessage(DEMO_SIGN_MESSAGE, { uiOptions: DEMO_SIGN_TEXTS }))}>
          Sign with custom texts
        </button>
        <button type="button" onClick={() => show(signTypedData(DEMO_TYPED_DATA))}>
          Sign typed data
        </button>
        <button type="button" onClick={() => show(exportWallet().then(() => ''))}>
          Export wallet
        </button>
        {/* The on-ramp's screens (the dev stand-in when the demo runs with npm start); shows how it ended. */}
        <button type="button" onClick={() => show(fundWallet().then(({ status }) => `Funding: ${status ?? 'closed'}`))}>
          Fund wallet
        </button>
        <button
          type="button"
          onClick={() =>
            setWalletPassword().then(
              () => setPasswordStatus('Password set'),
              (e: unknown) => setPasswordStatus(e instanceof Error ? e.message : String(e)),
            )
          }
        >
          Set password
        </button>
        <button
          type="button"
          onClick={() =>
            setWalletRecovery().then(
              (user) => {
                const account = user.linkedAccounts.find((a) => a.type === 'wallet' && a.walletClientType === 'latch');
                setPasswordStatus(`Recovery: ${String(account?.recoveryMethod ?? 'unknown')}`);
              },
              (e: unknown) => setPasswordStatus(e instanceof Error ? e.message : String(e)),
            )
          }
        >
          Change recovery method
        </button>
      </div>
      {signature ? (
        <p data-testid="embedded-wallet-signature" style={{ overflowWrap: 'anywhere' }}>
          {signature}
        </p>
      ) : null}
      <SendTransactionPanel />
      {error ? <p data-testid="embedded-wallet-error">{error}</p> : null}
      {passwordStatus ? <p data-testid="embedded-wallet-password-status">{passwordStatus}</p> : null}
      {DevFundingPanel && devRpcUrl ? (
        <Suspense fallback={null}>
          <DevFundingPanel rpcUrl={devRpcUrl} address={wallet.address} />
        </Suspense>
      ) : null}
    </div>
  );
}
