import type { WalletRuntime } from '@latch/core';
import type { ReactNode } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import { format } from '../../strings/format.js';
import type { ScreenProps } from '../ScreenProps.js';
import {
  useLeaveWhenIdle,
  useWalletFlowState,
  WalletErrorFrame,
  WalletWaitingFrame,
  WithWallets,
} from './WalletFlowParts.js';

/** AWAITING_CONNECT_ONLY_CONNECTION: the wallet connects without a signature or session, then 'Connected' (closes after 1400 ms). */
export function AwaitingConnectOnlyConnectionScreen({ titleId }: ScreenProps): ReactNode {
  return <WithWallets titleId={titleId}>{(wallets) => <Flow titleId={titleId} wallets={wallets} />}</WithWallets>;
}

function Flow({ titleId, wallets }: { titleId: string; wallets: WalletRuntime }): ReactNode {
  const strings = useWalletStrings();
  const state = useWalletFlowState(wallets);
  useLeaveWhenIdle(wallets, state);
  if (state.status === 'error' && state.error) {
    return <WalletErrorFrame titleId={titleId} error={state.error} wallets={wallets} />;
  }
  if (state.status === 'connected' && state.connection) {
    const detail = format(strings.walletConnectedDetail, {
      wallet: state.wallet?.name ?? '',
      address: state.connection.address,
    });
    return (
      <ScreenFrame titleId={titleId} title={strings.walletConnected}>
        <div className="latch-badge" aria-hidden="true">
          ✓
        </div>
        {/* A 42-character address has no break opportunity of its own. */}
        <p className="latch-text" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </p>
      </ScreenFrame>
    );
  }
  return <WalletWaitingFrame titleId={titleId} state={state} wallets={wallets} />;
}
