import { type ExternalConnectedWallet, useLatch, useWallets } from '@latch/react';
import { type ReactNode, useState } from 'react';

/**
 * External wallets in the demo: link and unlink (logged in), connect-only, connect-or-create (logged out), and the
 * connected list from useWallets().
 */
export function ExternalWalletsPanel(): ReactNode {
  const latch = useLatch();
  const { wallets } = useWallets();
  const [status, setStatus] = useState('');
  const external = wallets.filter((wallet): wallet is ExternalConnectedWallet => wallet.connectorType !== 'embedded');
  const linked = (latch.user?.linkedAccounts ?? []).filter(
    (account) => account.type === 'wallet' && account.walletClientType !== 'latch',
  );
  const unlink = (address: string) => {
    setStatus('');
    latch.unlinkWallet(address).then(
      () => setStatus(`Unlinked ${address}`),
      (error: unknown) => setStatus(`Unlink wallet: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  return (
    <section className="card" aria-labelledby="external-wallets-title">
      <h2 id="external-wallets-title">External wallets</h2>
      {latch.authenticated ? (
        <ul>
          {linked.map((account) => {
            const address = String(account.address);
            return (
              <li key={address} data-testid="linked-wallet">
                <code>{address}</code>{' '}
                <button type="button" onClick={() => unlink(address)}>
                  Unlink wallet {address.slice(0, 6)}…
                </button>{' '}
                <button type="button" onClick={() => latch.linkWallet({ suggestedAddress: address })}>
                  Reconnect {address.slice(0, 6)}…
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="actions">
        {latch.authenticated ? (
          <button type="button" onClick={() => latch.linkWallet()}>
            Link wallet
          </button>
        ) : null}
        <button type="button" onClick={latch.connectWallet}>
          Connect wallet
        </button>
        {latch.authenticated ? null : (
          <button
            type="button"
            onClick={() => {
              setStatus('');
              latch
                .connectOrCreateWallet()
                .catch((error: unknown) =>
                  setStatus(`Connect or create: ${error instanceof Error ? error.message : String(error)}`),
                );
            }}
          >
            Connect or create wallet
          </button>
        )}
      </div>
      <p>Connected in this page:</p>
      <ul>
        {external.map((wallet) => (
          <li key={wallet.address} data-testid="connected-wallet">
            <code>{wallet.address}</code> on {wallet.chainId} ({wallet.walletClientType}){' '}
            <button
              type="button"
              onClick={() =>
                wallet.switchChain(8453).then(
                  () => setStatus('Switched to Base'),
                  (error: unknown) =>
                    setStatus(`Switch chain: ${error instanceof Error ? error.message : String(error)}`),
                )
              }
            >
              Switch to Base
            </button>{' '}
            <button
              type="button"
              onClick={() =>
                wallet
                  .getEthereumProvider()
                  .then((provider) => provider.request({ method: 'eth_chainId' }))
                  .then(
                    (chainId) => setStatus(`Provider chain: ${String(chainId)}`),
                    (error: unknown) =>
                      setStatus(`Provider: ${error instanceof Error ? error.message : String(error)}`),
                  )
              }
            >
              Ask the provider
            </button>{' '}
            <button type="button" onClick={wallet.disconnect}>
              Disconnect
            </button>
          </li>
        ))}
      </ul>
      <p role="status" data-testid="wallet-status">
        {status}
      </p>
    </section>
  );
}
