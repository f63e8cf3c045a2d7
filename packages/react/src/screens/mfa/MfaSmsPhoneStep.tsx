import type { ReactNode } from 'react';
import { PhoneForm } from '../../components/PhoneForm.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { type MfaShownError, mfaErrorText } from '../../strings/mfaText.js';
import type { MfaStepProps } from './mfaStepProps.js';

/**
 * The SMS path's first step (SPEC §2): the phone (SPEC §5: Submit disabled until valid), sent in E.164.
 * The login's PhoneForm, so the page's initial JS and this screen share one phone chunk (bundle budget).
 */
export function MfaSmsPhoneStep(
  props: MfaStepProps & { onSubmit(phoneNumber: string): void; error?: MfaShownError; busy?: boolean },
): ReactNode {
  const text = useMfaStrings();
  const message = mfaErrorText(text, props.error, 'enrollment');
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaSmsTitle} onBack={props.onBack} onClose={props.onClose}>
      <p className="latch-text">{text.mfaSmsPhoneDetail}</p>
      <PhoneForm autoFocus onPhone={props.onSubmit} busy={Boolean(props.busy)} submitLabel={text.mfaSmsSendCode} />
      <p className="latch-status" data-tone={message ? 'error' : undefined} role="status">
        {message}
      </p>
    </ScreenFrame>
  );
}
