// A React host on @latch/react/wagmi (docs/wagmi.md): the plain provider, wagmi's config and provider from
// the glue, and wagmi's own hooks. There is no connect button: the glue connects wagmi after login and after
// a reload, and disconnects it on logout (e2e/sendTransactionLibraries.spec.ts).
import { useLatch, useWallets } from '@latch/react';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useConnection, useSignMessage } from 'wagmi';
import { Providers } from './WagmiProviders.js';

/** wagmi's view of the wallet, beside Latch's. */
function Panel(): ReactNode {
  const { ready, authenticated, login, logout } = useLatch();
  const { wallets } = useWallets();
  const connection = useConnection();
  const { signMessageAsync, data: signature, error } = useSignMessage();
  return (
    <main>
      <h1>Latch with wagmi</h1>
      <p>
        Latch: <output id="latch-status">{!ready ? 'loading' : authenticated ? 'authenticated' : 'signed out'}</output>{' '}
        <output id="latch-address">
          {wallets.find((wallet) => wallet.walletClientType === 'latch')?.address ?? ''}
        </output>
      </p>
      <p>
        wagmi: <output id="wagmi-status">{connection.status}</output>{' '}
        <output id="wagmi-address">{connection.address ?? ''}</output> chain{' '}
        <output id="wagmi-chain">{connection.chainId ?? ''}</output>
      </p>
      {!authenticated ? (
        <button type="button" disabled={!ready} onClick={() => login()}>
          Log in
        </button>
      ) : (
        <>
          <button type="button" onClick={() => void signMessageAsync({ message: 'Hello from wagmi' }).catch(() => {})}>
            wagmi: sign a message
          </button>
          <button type="button" onClick={() => void logout()}>
            Log out
          </button>
        </>
      )}
      <p>
        Signature: <output id="wagmi-signature">{signature ?? ''}</output>
      </p>
      <p>
        Error: <output id="error">{error?.message ?? ''}</output>
      </p>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Providers>
      <Panel />
    </Providers>
  </StrictMode>,
);
