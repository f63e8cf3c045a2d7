import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { MfaCodeForm } from '../../components/MfaCodeForm.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { format } from '../../strings/format.js';
import { isBlockingMfaError, type MfaShownError, mfaErrorText } from '../../strings/mfaText.js';
import type { MfaStepProps } from './mfaStepProps.js';

/** The SMS path's code step (SPEC §2 "enrollment code"): the code sent to the new number, and a resend. */
export function MfaSmsCodeStep(
  props: MfaStepProps & {
    phoneNumber: string;
    code: string;
    onCodeChange(code: string): void;
    onSubmit(): void;
    onResend?: () => void;
    error?: MfaShownError;
    busy?: boolean;
  },
): ReactNode {
  const text = useMfaStrings();
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaSmsCodeTitle} onBack={props.onBack} onClose={props.onClose}>
      <p className="latch-text">{format(text.mfaSmsCodeDetail, { phone: props.phoneNumber })}</p>
      <MfaCodeForm
        text={text}
        code={props.code}
        onCodeChange={props.onCodeChange}
        onSubmit={props.onSubmit}
        busy={props.busy}
        blocked={isBlockingMfaError(props.error)}
        message={mfaErrorText(text, props.error, 'enrollment')}
      />
      {props.onResend ? (
        <p className="latch-text">
          <Button variant="link" disabled={props.busy} onClick={props.onResend}>
            {text.mfaResendCode}
          </Button>
        </p>
      ) : null}
    </ScreenFrame>
  );
}
