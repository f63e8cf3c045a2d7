import type { StepUpEvent, StepUpState } from '@latch/core';
import { openOAuthPopup } from '@latch/core/oauth';
import type { WireStepUpFactor } from '@latch/protocol';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { CodeInput } from '../../components/CodeInput.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useStepUpStrings } from '../../hooks/useStepUpStrings.js';
import { format } from '../../strings/en.js';
import { type StepUpStrings, stepUpErrorText, stepUpReason } from '../../strings/stepUpStrings.js';

/** StepUpScreen's props: core's step-up state and its dispatch. */
interface StepUpScreenProps {
  titleId: string;
  state: StepUpState;
  dispatch(event: StepUpEvent): void;
}

/** The button text of one factor (docs/widget.md "Step-up"). */
function factorText(text: StepUpStrings, factor: WireStepUpFactor): string {
  const label = factor.label || factor.id;
  switch (factor.type) {
    case 'email':
    case 'sms':
      return format(text.stepUpSendCode, { label });
    case 'sms_mfa':
      return factor.label ? format(text.stepUpSendCode, { label }) : text.stepUpSendCodeToPhone;
    case 'passkey':
      return text.stepUpPasskey;
    case 'wallet':
      return format(text.stepUpWallet, { label });
    case 'oauth':
      return format(text.stepUpOAuth, { provider: label });
    case 'totp':
      return text.stepUpTotp;
  }
}

/** What the screen says while a passkey, a wallet or a provider is asked. */
function waitingText(text: StepUpStrings, factor: WireStepUpFactor | null): string {
  if (factor?.type === 'wallet') return text.stepUpWaitingWallet;
  if (factor?.type === 'oauth') return format(text.stepUpWaitingOAuth, { provider: factor.label || factor.id });
  return text.stepUpWaitingPasskey;
}

/**
 * The one step-up screen: 'Confirm it's really you', what it is for, and a button per factor the user had
 * before this session; then the code boxes (a sent code or the authenticator app's) or the wait for the
 * passkey, the wallet or the provider. Cancel, × and Escape give up: the waiting action fails as before.
 */
export function StepUpScreen({ titleId, state, dispatch }: StepUpScreenProps): ReactNode {
  const text = useStepUpStrings();
  const cancel = () => dispatch({ type: 'cancel' });
  const message = stepUpErrorText(text, state.error);
  const status = (
    <p className="latch-status" data-tone={message ? 'error' : undefined} role="status" aria-live="polite">
      {message}
    </p>
  );
  const spinner = (label: string) => <div className="latch-spinner" role="progressbar" aria-label={label} />;
  const pick = (factor: WireStepUpFactor) => {
    // The provider's popup must open inside the click, or the browser blocks it.
    if (factor.type === 'oauth') openOAuthPopup();
    dispatch({ type: 'pick', factor });
  };
  const other =
    state.factors.length > 1 ? (
      <Button variant="link" onClick={() => dispatch({ type: 'back' })}>
        {text.stepUpOtherMethod}
      </Button>
    ) : null;

  let body: ReactNode;
  if (state.status === 'loading') {
    body = spinner(text.stepUpLoading);
  } else if (state.status === 'sending') {
    body = spinner(text.stepUpSending);
  } else if (state.status === 'proving') {
    body = (
      <>
        <p className="latch-text">{waitingText(text, state.factor)}</p>
        {spinner(waitingText(text, state.factor))}
      </>
    );
  } else if (state.status === 'code' || state.status === 'verifying') {
    const totp = state.factor?.type === 'totp';
    // As on the login's code screen: the address or number stands out.
    const [before, after] = text.stepUpCodeSent.split('{destination}');
    body = (
      <>
        <p className="latch-text">
          {totp ? (
            text.stepUpCodeTotp
          ) : (
            <>
              {before}
              <strong>{state.destination}</strong>
              {after}
            </>
          )}
        </p>
        <CodeInput
          key={state.codeKey}
          labelledBy={titleId}
          digitLabel={text.stepUpCodeDigit}
          disabled={state.status === 'verifying'}
          state={state.error ? 'error' : undefined}
          onNonDigit={() => undefined}
          onComplete={(code) => dispatch({ type: 'submitCode', code })}
        />
        {status}
        {totp ? null : (
          <Button variant="link" disabled={state.status === 'verifying'} onClick={() => dispatch({ type: 'resend' })}>
            {text.stepUpResend}
          </Button>
        )}
        {other}
      </>
    );
  } else {
    body = (
      <>
        <p className="latch-text">
          {state.factors.length > 0 || state.error ? stepUpReason(text, state.action) : text.stepUpNoFactors}
        </p>
        <ul className="latch-list" data-latch-step-up-factors="">
          {state.factors.map((factor) => (
            <li key={`${factor.type}:${factor.id}`}>
              <Button variant="primary" onClick={() => pick(factor)}>
                {factorText(text, factor)}
              </Button>
            </li>
          ))}
        </ul>
        {message ? status : null}
      </>
    );
  }
  return (
    <ScreenFrame titleId={titleId} title={text.stepUpTitle} onClose={cancel}>
      {body}
      <Button onClick={cancel}>{text.stepUpCancel}</Button>
    </ScreenFrame>
  );
}
