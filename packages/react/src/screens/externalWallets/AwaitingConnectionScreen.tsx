import type { WalletRuntime } from '@latch/core';
import type { ReactNode } from 'react';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import { AffirmativeConsentScreen } from '../auth/AffirmativeConsentScreen.js';
import { LoginFailedScreen } from '../auth/LoginFailedScreen.js';
import { EmbeddedWalletOnAccountCreateScreen } from '../embeddedWallet/EmbeddedWalletOnAccountCreateScreen.js';
import type { ScreenProps } from '../ScreenProps.js';
import {
  useLeaveWhenIdle,
  useWalletFlowState,
  WalletErrorFrame,
  WalletSuccessFrame,
  WalletWaitingFrame,
  WithWallets,
} from './WalletFlowParts.js';

/**
 * AWAITING_CONNECTION: the wallet connection flow (SPEC §4) for a login or a link — connecting, switching
 * chain, signing the sign-in message, its errors with Retry, then the same post-login steps as a code login.
 */
export function AwaitingConnectionScreen({ titleId }: ScreenProps): ReactNode {
  return <WithWallets titleId={titleId}>{(wallets) => <Flow titleId={titleId} wallets={wallets} />}</WithWallets>;
}

function Flow({ titleId, wallets }: { titleId: string; wallets: WalletRuntime }): ReactNode {
  const strings = useWalletStrings();
  const state = useWalletFlowState(wallets);
  const walletRunner = wallets.runner;
  useLeaveWhenIdle(wallets, state);

  if (state.postLogin === 'consent') {
    return (
      <AffirmativeConsentScreen
        titleId={titleId}
        onAccept={() => walletRunner.dispatch({ type: 'acceptTerms' })}
        onDecline={() => walletRunner.dispatch({ type: 'declineTerms' })}
      />
    );
  }
  if (state.postLogin === 'creating-wallet') return <EmbeddedWalletOnAccountCreateScreen titleId={titleId} />;
  if (state.postLogin === 'failed') {
    return <LoginFailedScreen titleId={titleId} onTryAgain={() => walletRunner.dispatch({ type: 'finish' })} />;
  }
  if (state.status === 'error' && state.error) {
    return <WalletErrorFrame titleId={titleId} error={state.error} wallets={wallets} />;
  }
  if (state.signIn === 'done') return <WalletSuccessFrame titleId={titleId} title={strings.success} />;
  return <WalletWaitingFrame titleId={titleId} state={state} wallets={wallets} />;
}
