import type { WalletRuntime } from '@latch/core';
import { type WalletConnectionState, type WalletErrorView, walletListScreenFor } from '@latch/core/wallet';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useClientState, useLatchContext } from '../../hooks/index.js';
import { useExternalWallets } from '../../hooks/useExternalWallets.js';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import { format } from '../../strings/format.js';
import { WalletConnectConnecting } from './WalletConnectConnecting.js';

/** The wallet connection flow's state, bound with useSyncExternalStore. */
export function useWalletFlowState(wallets: WalletRuntime): WalletConnectionState {
  const { runner } = wallets;
  return useSyncExternalStore(runner.subscribe, runner.getState, runner.getState);
}

/** Renders `children` with the loaded wallets, or a spinner while their code loads. */
export function WithWallets(props: { titleId: string; children(wallets: WalletRuntime): ReactNode }): ReactNode {
  const wallets = useExternalWallets();
  const strings = useWalletStrings();
  if (!wallets) {
    return (
      <ScreenFrame titleId={props.titleId} title={strings.loading}>
        <div className="latch-spinner" role="progressbar" aria-label={strings.loadingWallets} />
      </ScreenFrame>
    );
  }
  return props.children(wallets);
}

/**
 * Leaves the awaiting screen when the flow has nothing to show: a server refusal goes to its screen (allowlist,
 * user limit); a flow back at 'disconnected' ('Use a different wallet', back) returns to its wallet list.
 */
export function useLeaveWhenIdle(wallets: WalletRuntime, state: WalletConnectionState): void {
  const { runner } = useLatchContext();
  const { authenticated } = useClientState();
  const redirect = state.status === 'error' ? state.error?.redirect : null;
  useEffect(() => {
    if (redirect) {
      wallets.runner.dispatch({ type: 'useDifferentWallet' });
      runner.dispatch({ type: 'navigate', screen: redirect });
    } else if (state.status === 'disconnected' && runner.getState().phase === 'open') {
      runner.dispatch({ type: 'navigate', screen: walletListScreenFor(state.intent, authenticated) });
    }
  }, [redirect, state.status, state.intent, authenticated, runner, wallets]);
}

/** A wallet error (SPEC §8 text as the title): its detail, Retry when retryable, 'Use a different wallet' when offered. */
export function WalletErrorFrame(props: {
  titleId: string;
  error: WalletErrorView;
  wallets: WalletRuntime;
}): ReactNode {
  const strings = useWalletStrings();
  const { error, wallets } = props;
  // Back to the wallet list (only from an error: a request in flight cannot be taken back from the wallet).
  const back = () => wallets.runner.dispatch({ type: 'useDifferentWallet' });
  return (
    <ScreenFrame
      titleId={props.titleId}
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
        <Button variant="primary" onClick={() => wallets.runner.dispatch({ type: 'retry' })}>
          {strings.retry}
        </Button>
      ) : null}
      {error.cta ? <Button onClick={back}>{strings.useDifferentWallet}</Button> : null}
    </ScreenFrame>
  );
}

/** Waiting for the wallet: connecting, switching chain, or signing (with the manual 'Sign with your wallet' step). */
export function WalletWaitingFrame(props: {
  titleId: string;
  state: WalletConnectionState;
  wallets: WalletRuntime;
}): ReactNode {
  const strings = useWalletStrings();
  const { state, wallets } = props;
  const title = format(strings.waitingForWallet, { wallet: state.wallet?.name ?? '' });
  const signText = state.intent === 'link' ? strings.signToLinkWallet : strings.signInWallet;
  // WalletConnect pairs first: its URI as a QR code (desktop) or a link to the wallet app (mobile).
  if (state.status === 'connecting' && state.wallet?.connectorType === 'wallet_connect_v2') {
    return <WalletConnectConnecting titleId={props.titleId} pairing={wallets.walletConnectPairing} />;
  }
  // The manual step: its button is enabled once the sign-in message is prepared, so the tap asks the wallet at once.
  if (state.manualSign && (state.signIn === 'preparing' || state.signIn === 'ready')) {
    const preparing = state.signIn === 'preparing';
    return (
      <ScreenFrame titleId={props.titleId} title={title}>
        <p className="latch-text">{signText}</p>
        <Button
          variant="primary"
          disabled={preparing}
          aria-busy={preparing}
          onClick={() => wallets.runner.dispatch({ type: 'signWithWallet' })}
        >
          {strings.signWithWallet}
        </Button>
      </ScreenFrame>
    );
  }
  const text =
    state.status === 'switching_to_supported_chain'
      ? strings.switchingChain
      : state.signIn === 'signing' || state.signIn === 'preparing'
        ? signText
        : strings.confirmInWallet;
  return (
    <ScreenFrame titleId={props.titleId} title={title}>
      <div className="latch-spinner" role="progressbar" aria-label={text} />
      <p className="latch-text" aria-live="polite">
        {text}
      </p>
    </ScreenFrame>
  );
}

/** 'Success!' with a check mark (the flow closes the modal after 1400 ms). */
export function WalletSuccessFrame(props: { titleId: string; title: string; detail?: string }): ReactNode {
  return (
    <ScreenFrame titleId={props.titleId} title={props.title}>
      <div className="latch-badge" aria-hidden="true">
        ✓
      </div>
      {props.detail ? <p className="latch-text">{props.detail}</p> : null}
    </ScreenFrame>
  );
}
