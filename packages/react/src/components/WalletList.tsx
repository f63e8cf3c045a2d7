import '@latch/core';
import type { WalletRuntime } from '@latch/core';
import {
  awaitingScreenFor,
  isMobileBrowser,
  type WalletIntent,
  type WalletListEntry,
  walletChoice,
  walletListEntries,
} from '@latch/core/wallet';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useClientState, useLatchContext } from '../hooks/index.js';
import { useExternalWallets } from '../hooks/useExternalWallets.js';
import { useWalletStrings } from '../hooks/useWalletStrings.js';
import { injectWalletStyles } from '../styles/walletCss.js';
import { Button } from './Button.js';

// Styled before the first row renders (this module loads lazily, with the list).
injectWalletStyles();

/** The discovered EIP-6963 wallets, kept current as wallets announce themselves. */
function useDiscoveredWallets(wallets: WalletRuntime) {
  const { discovery } = wallets;
  // wallets() builds a new list on each call, so it is read on change rather than as a store snapshot.
  const [list, setList] = useState(() => discovery.wallets());
  useEffect(() => {
    setList(discovery.wallets());
    return discovery.subscribe(() => setList(discovery.wallets()));
  }, [discovery]);
  return list;
}

/**
 * A wallet list (SPEC §2): the configured wallets in order, each with the 'Connect' hover label. This module
 * and the wallet code it uses load lazily; a spinner stands in until discovery runs.
 */
export function WalletList({
  configured,
  intent = 'login',
}: {
  configured: readonly string[];
  intent?: WalletIntent;
}): ReactNode {
  const wallets = useExternalWallets();
  const strings = useWalletStrings();
  if (!wallets) return <div className="latch-spinner" role="progressbar" aria-label={strings.loadingWallets} />;
  return <Rows wallets={wallets} configured={configured} intent={intent} />;
}

export default WalletList;

function Rows(props: { wallets: WalletRuntime; configured: readonly string[]; intent: WalletIntent }): ReactNode {
  const discovered = useDiscoveredWallets(props.wallets);
  return (
    <>
      {walletListEntries(props.configured, discovered).map((entry) => (
        <WalletRow key={entry.key} entry={entry} wallets={props.wallets} intent={props.intent} />
      ))}
    </>
  );
}

/**
 * One wallet: an installed one (or WalletConnect, with the app's project id) starts the connection flow; one
 * not in the page opens its install help (desktop) or in-app browser interstitial (mobile).
 */
function WalletRow({
  entry,
  wallets,
  intent,
}: {
  entry: WalletListEntry;
  wallets: WalletRuntime;
  intent: WalletIntent;
}): ReactNode {
  const { runner } = useLatchContext();
  const strings = useWalletStrings();
  const noteId = useId();
  const { config } = useClientState();
  const choice = walletChoice(entry, { walletConnectProjectId: config?.walletConnectCloudProjectId });
  const usable = choice.kind !== 'unavailable';
  const choose = () => {
    const isMobile = isMobileBrowser();
    if (choice.kind === 'help') {
      // The intent goes along: a signed-in user's interstitial carries it (and the session) to the wallet's browser.
      const target = { ...choice.target, intent };
      runner.dispatch({ type: 'navigate', screen: wallets.help.choose(target, { installed: false, isMobile }) });
      return;
    }
    if (choice.kind !== 'connect') return;
    const started = wallets.select(choice.walletId, { intent, isMobile, context: wallets.flowContext() });
    if (started) runner.dispatch({ type: 'navigate', screen: awaitingScreenFor(intent) });
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
