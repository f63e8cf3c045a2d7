import { isMobileBrowser, SCREEN, type WalletListEntry, walletListEntries } from '@latch/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { flowContextOf } from '../flowContext.js';
import { useClientState, useStrings } from '../hooks.js';
import { useLatchContext } from '../LatchContext.js';
import { Button } from './Button.js';

/** The discovered EIP-6963 wallets, kept current as wallets announce themselves. */
function useDiscoveredWallets() {
  const { discovery } = useLatchContext().wallets;
  // wallets() builds a new list on each call, so it is read on change rather than as a store snapshot.
  const [list, setList] = useState(() => discovery.wallets());
  useEffect(() => {
    setList(discovery.wallets());
    return discovery.subscribe(() => setList(discovery.wallets()));
  }, [discovery]);
  return list;
}

/** A wallet list (SPEC §2): the configured wallets in order, each with the 'Connect' hover label. */
export function WalletList({ configured }: { configured: readonly string[] }): ReactNode {
  const discovered = useDiscoveredWallets();
  return (
    <>
      {walletListEntries(configured, discovered).map((entry) => (
        <WalletRow key={entry.key} entry={entry} />
      ))}
    </>
  );
}

/** One wallet: an installed one starts the connection flow on AWAITING_CONNECTION; others are not available yet. */
function WalletRow({ entry }: { entry: WalletListEntry }): ReactNode {
  const { wallets, runner } = useLatchContext();
  const { config } = useClientState();
  const strings = useStrings();
  const noteId = useId();
  const { walletId } = entry;
  const usable = entry.installed && walletId !== null && entry.connectorType === 'injected';
  const choose = () => {
    if (!walletId) return;
    const started = wallets.select(walletId, {
      intent: 'login',
      isMobile: isMobileBrowser(),
      context: flowContextOf(config, true),
    });
    if (started) runner.dispatch({ type: 'navigate', screen: SCREEN.awaitingConnection });
  };
  return (
    <Button className="latch-wallet" disabled={!usable} aria-describedby={noteId} onClick={choose}>
      {entry.icon ? <img className="latch-wallet-icon" src={entry.icon} alt="" /> : null}
      <span>{entry.name}</span>
      <span className={usable ? 'latch-hover-label' : 'latch-soon'} id={noteId}>
        {usable ? strings.connect : strings.notAvailableYet}
      </span>
    </Button>
  );
}
