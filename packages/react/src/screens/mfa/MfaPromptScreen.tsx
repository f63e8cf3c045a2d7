import type { MfaMethod } from '@latch/protocol';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { MfaCodeForm } from '../../components/MfaCodeForm.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { isBlockingMfaError, mfaErrorText, mfaMethodName } from '../../strings/mfaText.js';
import { MFA_STYLE } from './mfaStepProps.js';

/** What the prompt shows: the method list, a code entry, the passkey wait, or the verified state. */
export type MfaPromptStep = 'choose' | 'code' | 'passkey' | 'done';

/** MfaPromptScreen's props: the prompt's state (from core's prompt flow) and what its controls do. */
export interface MfaPromptScreenProps {
  titleId: string;
  /** The user's enrolled methods, in order. */
  methods: readonly MfaMethod[];
  step: MfaPromptStep;
  /** The method being verified (code or passkey step). */
  method: MfaMethod | null;
  /** An error code of the flow (SPEC §8 MFA texts); max attempts and timeout block the inputs. */
  error?: string | null;
  busy?: boolean;
  /** The typed code (held by the flow). */
  code: string;
  onCodeChange(code: string): void;
  onChoose(method: MfaMethod): void;
  onSubmitCode(): void;
  /** Runs the passkey ceremony again after a failure. */
  onRetryPasskey(): void;
  /** SMS: sends a new code. */
  onResend?: () => void;
  /** 'Choose another method': back to the list. */
  onChooseAnother(): void;
  /** 'Not now' and ×: cancels ('Verification canceled' to the waiting action). */
  onCancel(): void;
}

/**
 * The MFA prompt (SPEC §2/§3): 'Verify your identity'; choose a method, then enter its code or confirm
 * with the passkey (initiated and submitted by the flow); 'Choose another method' and 'Not now'. A
 * blocking error (max attempts, expired code) disables the inputs.
 */
export function MfaPromptScreen(props: MfaPromptScreenProps): ReactNode {
  const text = useMfaStrings();
  const message = mfaErrorText(text, props.error, 'prompt');
  const blocked = isBlockingMfaError(props.error);
  const { method, step } = props;
  const others = props.methods.length > 1 && step !== 'choose' && step !== 'done';
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaPromptTitle} onClose={props.onCancel}>
      {step === 'choose' ? (
        <>
          <p className="latch-text">{text.mfaPromptChoose}</p>
          <ul style={{ ...MFA_STYLE.stack, listStyle: 'none', margin: 0, padding: 0 }}>
            {props.methods.map((each) => (
              <li key={each}>
                <Button disabled={blocked || props.busy} onClick={() => props.onChoose(each)}>
                  {mfaMethodName(text, each)}
                </Button>
              </li>
            ))}
          </ul>
          <p className="latch-status" data-tone={message ? 'error' : undefined} role="status">
            {message}
          </p>
        </>
      ) : null}
      {step === 'code' && method ? (
        <>
          <p className="latch-text">{method === 'sms' ? text.mfaPromptSms : text.mfaPromptTotp}</p>
          <MfaCodeForm
            key={method}
            text={text}
            code={props.code}
            onCodeChange={props.onCodeChange}
            onSubmit={props.onSubmitCode}
            busy={props.busy}
            blocked={blocked}
            message={message}
          />
          {method === 'sms' && props.onResend ? (
            <p className="latch-text">
              <Button variant="link" disabled={props.busy || blocked} onClick={props.onResend}>
                {text.mfaResendCode}
              </Button>
            </p>
          ) : null}
        </>
      ) : null}
      {step === 'passkey' ? (
        <>
          <p className="latch-text">{text.mfaPromptPasskey}</p>
          {props.busy ? (
            <div className="latch-spinner" role="progressbar" aria-label={text.mfaPromptPasskeyWaiting} />
          ) : null}
          <p className="latch-status" data-tone={message ? 'error' : undefined} role="status">
            {message}
          </p>
          {!props.busy && props.error && !blocked ? (
            <Button variant="primary" onClick={props.onRetryPasskey}>
              {text.mfaRetry}
            </Button>
          ) : null}
        </>
      ) : null}
      {step === 'done' ? (
        <>
          <div className="latch-badge" aria-hidden="true">
            ✓
          </div>
          <p className="latch-status" data-tone="success" role="status">
            {text.mfaVerified}
          </p>
        </>
      ) : null}
      {others ? (
        <Button variant="link" disabled={props.busy} onClick={props.onChooseAnother}>
          {text.mfaChooseAnother}
        </Button>
      ) : null}
      {step !== 'done' ? <Button onClick={props.onCancel}>{text.mfaNotNow}</Button> : null}
    </ScreenFrame>
  );
}
