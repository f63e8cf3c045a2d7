import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useOnRampStrings } from '../../hooks/useOnRampStrings.js';
import { format } from '../../strings/en.js';
import { ON_RAMP_PROVIDER_NAME, type OnRampScreenProps } from './onRampScreenProps.js';

/**
 * FIAT_ON_RAMP_STATUS_SCREEN ('Fund account'): 'In Progress' while pending or before the first status (core polls
 * the provider), then completed, failed ('Something went wrong!'), serviceFailure (Try again) or a non-card
 * waiting authorisation.
 */
export function FiatOnRampStatusScreen(props: OnRampScreenProps): ReactNode {
  const text = useOnRampStrings();
  const { state, dispatch } = props;
  const provider = ON_RAMP_PROVIDER_NAME;
  const close = () => dispatch({ type: 'close' });
  const done = (
    <Button variant="primary" onClick={close}>
      {text.onRampDone}
    </Button>
  );
  const retry = (
    <Button variant="primary" onClick={() => dispatch({ type: 'retry' })}>
      {text.onRampTryAgain}
    </Button>
  );
  // With no detail the heading is the whole message: it is then the alert or status itself (an empty live
  // region would leave a gap and announce nothing).
  const view = (heading: string, detail: string, tone: 'error' | undefined, action: ReactNode) => (
    <ScreenFrame titleId={props.titleId} title={text.onRampTitle} onClose={close}>
      <p
        className={detail ? 'latch-text' : 'latch-text latch-status'}
        data-tone={detail ? undefined : tone}
        role={detail ? undefined : tone ? 'alert' : 'status'}
        data-latch-on-ramp-status={state.status ?? 'pending'}
      >
        <strong>{heading}</strong>
      </p>
      {detail ? (
        <p className="latch-status" data-tone={tone} role={tone ? 'alert' : 'status'}>
          {detail}
        </p>
      ) : null}
      {action}
    </ScreenFrame>
  );
  switch (state.status) {
    case 'completed':
      return view(text.onRampCompleted, text.onRampCompletedDetail, undefined, done);
    case 'failed':
      return view(text.onRampFailed, text.onRampFailedDetail, 'error', retry);
    case 'serviceFailure':
      // SPEC §8 gives serviceFailure one sentence (it ends by asking to try again): it is the heading.
      return view(format(text.onRampServiceFailure, { provider }), '', 'error', retry);
    case 'waitingAuthorization':
      return view(
        text.onRampWaitingAuthorization,
        format(text.onRampWaitingAuthorizationDetail, { provider }),
        undefined,
        done,
      );
    default:
      return view(
        text.onRampInProgress,
        format(text.onRampInProgressDetail, { provider }),
        undefined,
        <>
          <div className="latch-center" aria-busy="true">
            <div className="latch-spinner" role="progressbar" aria-label={text.onRampInProgress} />
          </div>
          {state.signed ? (
            // Centred like the rest of the screen (a bare link sat at the left edge).
            <p className="latch-center">
              <a className="latch-link" href={state.signed.signedUrl} target="_blank" rel="noopener noreferrer">
                {format(text.onRampReopen, { provider })}
              </a>
            </p>
          ) : null}
        </>,
      );
  }
}
