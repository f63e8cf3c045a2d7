import { type ReactNode, useState } from 'react';
import { formatEth, fundFromDevChain } from './devChain.js';

/** Dev mode only: 'Get test ETH' funds the embedded wallet from the local dev chain and shows its balance. */
export function DevFundingPanel({ rpcUrl, address }: { rpcUrl: string; address: string }): ReactNode {
  const [balance, setBalance] = useState<bigint | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fund = () => {
    setBusy(true);
    setError('');
    fundFromDevChain(rpcUrl, address)
      .then(setBalance, (e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="dev-funding" data-testid="dev-funding">
      <button type="button" onClick={fund} disabled={busy}>
        Get test ETH
      </button>
      <span className="dev-note">Dev chain only (anvil, chain 31337)</span>
      {balance !== null ? (
        <p role="status">
          Balance on the dev chain: <span data-testid="dev-funding-balance">{formatEth(balance)}</span>
        </p>
      ) : null}
      {error ? <p data-testid="dev-funding-error">{error}</p> : null}
    </div>
  );
}
