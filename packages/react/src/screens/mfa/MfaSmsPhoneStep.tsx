import { type ReactNode, useState } from 'react';
import { Button } from '../../components/Button.js';
import { PhoneInput, type PhoneInputResult } from '../../components/PhoneInput.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { type MfaShownError, mfaErrorText } from '../../strings/mfaText.js';
import type { MfaStepProps } from './mfaStepProps.js';

/** The SMS path's first step (SPEC §2): the phone (SPEC §5: Submit disabled until valid), sent in E.164. */
export function MfaSmsPhoneStep(
  props: MfaStepProps & {
    /** The number in E.164 once valid for its country, else ''. */
    onPhoneChange(phoneNumber: string): void;
    onSubmit(): void;
    error?: MfaShownError;
    busy?: boolean;
  },
): ReactNode {
  const text = useMfaStrings();
  const [phone, setPhone] = useState<PhoneInputResult | null>(null);
  const valid = Boolean(phone?.isValid);
  const message = mfaErrorText(text, props.error, 'enrollment');
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaSmsTitle} onBack={props.onBack} onClose={props.onClose}>
      <p className="latch-text">{text.mfaSmsPhoneDetail}</p>
      <form
        className="latch-field"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (phone?.isValid && !props.busy) props.onSubmit();
        }}
      >
        <PhoneInput
          onChange={(result) => {
            setPhone(result);
            props.onPhoneChange(result.isValid ? result.qualifiedPhoneNumber : '');
          }}
          autoFocus
        />
        <Button type="submit" variant="primary" disabled={!valid || props.busy} aria-busy={props.busy}>
          {text.mfaSmsSendCode}
        </Button>
      </form>
      <p className="latch-status" data-tone={message ? 'error' : undefined} role="status">
        {message}
      </p>
    </ScreenFrame>
  );
}
