import { LIMIT } from '@latch/protocol';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/Button.js';
import { CodeInput } from '../../components/CodeInput.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useFlowState, useLatchContext } from '../../hooks/index.js';
import { useAuthScreenStrings } from '../../hooks/useAuthScreenStrings.js';
import { flowMessageStrings } from '../../strings/flowMessageStrings.js';
import { messageText } from '../../strings/messageText.js';
import type { ScreenProps } from '../ScreenProps.js';

/** AWAITING_PASSWORDLESS_CODE: the 6-digit code, 'Success!', errors, and the resend link. */
export function AwaitingPasswordlessCodeScreen({ titleId }: ScreenProps): ReactNode {
  const { runner, locale } = useLatchContext();
  const strings = useAuthScreenStrings();
  const { otp } = useFlowState();
  const [nonDigit, setNonDigit] = useState(false);
  const [resent, setResent] = useState(false);
  const done = otp.status === 'done';
  const submitting = otp.status === 'submitting-code';
  // The flow's message codes load with this screen; the host's overrides apply to them as to any text.
  const messages = { ...flowMessageStrings, ...strings };
  const error = otp.error ?? (nonDigit ? 'code_not_numeric' : null);
  const message = done ? strings.success : messageText(messages, error, { length: LIMIT.codeLength }, locale);
  const tone = done ? 'success' : message ? 'error' : undefined;
  const sentText = otp.channel === 'sms' ? strings.codeSentToPhone : strings.codeSentTo;
  const [before, after] = sentText.split('{destination}');

  return (
    <ScreenFrame
      titleId={titleId}
      title={strings.enterCode}
      onBack={done ? undefined : () => runner.dispatch({ type: 'back' })}
    >
      <p className="latch-text">
        {before}
        <strong>{otp.destination}</strong>
        {after}
      </p>
      <CodeInput
        key={otp.clearCount}
        labelledBy={titleId}
        digitLabel={strings.codeDigitLabel}
        disabled={submitting || done}
        state={done ? 'success' : otp.status === 'error' ? 'error' : undefined}
        onNonDigit={() => setNonDigit(true)}
        onComplete={(code) => {
          setNonDigit(false);
          runner.dispatch({ type: 'submitCode', code });
        }}
      />
      <p className="latch-status" data-tone={tone} role="status" aria-live="polite">
        {message}
      </p>
      {done ? null : (
        <p className="latch-text">
          {resent && otp.status !== 'sending-code' ? strings.codeResent : strings.didNotGetCode}{' '}
          <Button
            variant="link"
            disabled={otp.status === 'sending-code' || submitting}
            onClick={() => {
              setResent(true);
              runner.dispatch({ type: 'resendCode' });
            }}
          >
            {strings.resendCode}
          </Button>
        </p>
      )}
    </ScreenFrame>
  );
}
