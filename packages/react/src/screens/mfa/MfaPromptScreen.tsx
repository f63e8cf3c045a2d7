import type { MfaPromptEvent, MfaPromptState } from '@latch/core';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { MfaCodeForm } from '../../components/MfaCodeForm.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { mfaErrorText, mfaMethodName } from '../../strings/mfaText.js';
import { MFA_STYLE } from './mfaStepProps.js';

/** MfaPromptScreen's props: core's prompt state and its dispatch. */
interface MfaPromptScreenProps {
  titleId: string;
  state: MfaPromptState;
  dispatch(event: MfaPromptEvent): void;
}

/**
 * The MFA prompt (SPEC §2/§3): 'Verify your identity'; the first method is selected; a code entry, or the
 * passkey wait (the flow initiates and submits it); 'Choose another method' lists the others; 'Not now'
 * and × cancel ('Verification canceled' to the waiting action). A blocking error (max attempts, expired
 * code) disables the inputs.
 */
export function MfaPromptScreen({ titleId, state, dispatch }: MfaPromptScreenProps): ReactNode {
  const text = useMfaStrings();
  const message = mfaErrorText(text, state.codeError ?? state.error, 'prompt');
  const busy = state.status !== 'ready';
  const cancel = () => dispatch({ type: 'cancel' });
  const status = (
    <p className="latch-status" data-tone={message ? 'error' : undefined} role="status">
      {message}
    </p>
  );
  let body: ReactNode;
  if (state.choosing) {
    body = (
      <>
        <p className="latch-text">{text.mfaPromptChoose}</p>
        <ul style={{ ...MFA_STYLE.stack, listStyle: 'none', margin: 0, padding: 0 }}>
          {state.methods.map((method) => (
            <li key={method}>
              <Button disabled={state.blocked} onClick={() => dispatch({ type: 'selectMethod', method })}>
                {mfaMethodName(text, method)}
              </Button>
            </li>
          ))}
        </ul>
        {status}
      </>
    );
  } else if (state.recovery) {
    body = (
      <>
        <p className="latch-text">{text.mfaPromptRecoveryCode}</p>
        <MfaCodeForm
          key="recovery"
          text={{ ...text, mfaCodeLabel: text.mfaRecoveryCodeLabel }}
          code={state.code}
          onCodeChange={(code) => dispatch({ type: 'codeChanged', code })}
          onSubmit={() => dispatch({ type: 'submit' })}
          busy={busy}
          blocked={state.blocked}
          message={message}
          recovery
        />
      </>
    );
  } else if (state.method === 'passkey') {
    body = (
      <>
        <p className="latch-text">{text.mfaPromptPasskey}</p>
        {busy ? <div className="latch-spinner" role="progressbar" aria-label={text.mfaPromptPasskeyWaiting} /> : null}
        {status}
        {!busy && !state.blocked ? (
          <Button variant="primary" onClick={() => dispatch({ type: 'submit' })}>
            {text.mfaRetry}
          </Button>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <p className="latch-text">{state.method === 'sms' ? text.mfaPromptSms : text.mfaPromptTotp}</p>
        <MfaCodeForm
          key={state.method}
          text={text}
          code={state.code}
          onCodeChange={(code) => dispatch({ type: 'codeChanged', code })}
          onSubmit={() => dispatch({ type: 'submit' })}
          busy={busy}
          blocked={state.blocked}
          message={message}
        />
        {state.method === 'sms' ? (
          <p className="latch-text">
            <Button variant="link" disabled={busy || state.blocked} onClick={() => dispatch({ type: 'resend' })}>
              {text.mfaResendCode}
            </Button>
          </p>
        ) : null}
      </>
    );
  }
  return (
    <ScreenFrame titleId={titleId} title={text.mfaPromptTitle} onClose={cancel}>
      {body}
      {state.recovery || state.choosing ? null : (
        <Button
          variant="link"
          disabled={state.status === 'verifying' || state.blocked}
          onClick={() => dispatch({ type: 'useRecoveryCode' })}
        >
          {text.mfaUseRecoveryCode}
        </Button>
      )}
      {(state.methods.length > 1 || state.recovery) && !state.choosing ? (
        <Button
          variant="link"
          disabled={state.status === 'verifying' || state.blocked}
          onClick={() => dispatch({ type: 'chooseAnother' })}
        >
          {text.mfaChooseAnother}
        </Button>
      ) : null}
      <Button onClick={cancel}>{text.mfaNotNow}</Button>
    </ScreenFrame>
  );
}
