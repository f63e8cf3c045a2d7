import { SCREEN, type WalletConnectionState } from '@latch/core';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { Button } from '../components/Button.js';
import { ScreenFrame } from '../components/ScreenFrame.js';
import { useStrings } from '../hooks.js';
import { useLatchContext } from '../LatchContext.js';
import { format } from '../strings/en.js';
import { AffirmativeConsentScreen } from './AffirmativeConsentScreen.js';
import { EmbeddedWalletOnAccountCreateScreen } from './EmbeddedWalletOnAccountCreateScreen.js';
import { LoginFailedScreen } from './LoginFailedScreen.js';
import type { ScreenProps } from './screenProps.js';

/** The wallet connection flow's state, bound with useSyncExternalStore. */
function useWalletFlowState(): WalletConnectionState {
  const { wallets } = useLatchContext();
  const { runner } = wallets;
  return useSyncExternalStore(runner.subscribe, runner.getState, runner.getState);
}

/**
 * AWAITING_CONNECTION: the wallet connection flow (SPEC §4) — connecting, switching chain, signing the
 * sign-in message, its errors with Retry, then the same post-login steps as a code login.
 */
export function AwaitingConnectionScreen({ titleId }: ScreenProps): ReactNode {
  const { wallets, runner } = useLatchContext();
  const strings = useStrings();
  const state = useWalletFlowState();
  const walletRunner = wallets.runner;
  const redirect = state.status === 'error' ? state.error?.redirect : null;

  // No wallet flow (a different wallet was asked for), or one the server refused: leave this screen.
  useEffect(() => {
    if (redirect) {
      walletRunner.dispatch({ type: 'useDifferentWallet' });
      runner.dispatch({ type: 'navigate', screen: redirect });
    } else if (state.status === 'disconnected' && runner.getState().phase === 'open') {
      runner.dispatch({ type: 'navigate', screen: SCREEN.landing });
    }
  }, [redirect, state.status, runner, walletRunner]);

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

  const name = state.wallet?.name ?? '';
  // Back to the wallet list (only from an error: a request in flight cannot be taken back from the wallet).
  const back = () => walletRunner.dispatch({ type: 'useDifferentWallet' });

  if (state.status === 'error' && state.error) {
    const { error } = state;
    return (
      <ScreenFrame
        titleId={titleId}
        title={error.text}
        onBack={back}
        top={
          <div className="latch-badge" data-tone="error" aria-hidden="true">
            !
          </div>
        }
      >
        {error.detail ? <p className="latch-text">{error.detail}</p> : null}
        {error.retryable ? (
          <Button variant="primary" onClick={() => walletRunner.dispatch({ type: 'retry' })}>
            {strings.retry}
          </Button>
        ) : null}
        {error.cta ? <Button onClick={back}>{strings.useDifferentWallet}</Button> : null}
      </ScreenFrame>
    );
  }

  if (state.signIn === 'done') {
    return (
      <ScreenFrame titleId={titleId} title={strings.success}>
        <div className="latch-badge" aria-hidden="true">
          ✓
        </div>
      </ScreenFrame>
    );
  }

  if (state.signIn === 'awaiting-manual') {
    return (
      <ScreenFrame titleId={titleId} title={format(strings.waitingForWallet, { wallet: name })}>
        <p className="latch-text">{strings.signInWallet}</p>
        <Button variant="primary" onClick={() => walletRunner.dispatch({ type: 'signWithWallet' })}>
          {strings.signWithWallet}
        </Button>
      </ScreenFrame>
    );
  }

  const switching = state.status === 'switching_to_supported_chain';
  const signing = state.signIn === 'signing';
  return (
    <ScreenFrame titleId={titleId} title={format(strings.waitingForWallet, { wallet: name })}>
      <div
        className="latch-spinner"
        role="progressbar"
        aria-label={switching ? strings.switchingChain : signing ? strings.signInWallet : strings.confirmInWallet}
      />
      <p className="latch-text" aria-live="polite">
        {switching ? strings.switchingChain : signing ? strings.signInWallet : strings.confirmInWallet}
      </p>
    </ScreenFrame>
  );
}
