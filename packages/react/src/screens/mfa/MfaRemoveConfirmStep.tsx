import type { MfaMethod } from '@latch/protocol';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { type MfaShownError, mfaErrorText } from '../../strings/mfaText.js';
import type { MfaStepProps } from './mfaStepProps.js';

/** The removal confirmation of one method (SPEC §2: one each for SMS, authenticator app and passkey). */
export function MfaRemoveConfirmStep(
  props: MfaStepProps & {
    method: MfaMethod;
    onConfirm(): void;
    onCancel(): void;
    error?: MfaShownError;
    busy?: boolean;
  },
): ReactNode {
  const text = useMfaStrings();
  const title = { totp: text.mfaRemoveTotpTitle, sms: text.mfaRemoveSmsTitle, passkey: text.mfaRemovePasskeyTitle };
  const detail = {
    totp: text.mfaRemoveTotpDetail,
    sms: text.mfaRemoveSmsDetail,
    passkey: text.mfaRemovePasskeyDetail,
  };
  const message = mfaErrorText(text, props.error, 'enrollment');
  return (
    <ScreenFrame titleId={props.titleId} title={title[props.method]} onBack={props.onBack} onClose={props.onClose}>
      <div className="latch-badge" data-tone="error" aria-hidden="true">
        !
      </div>
      <p className="latch-text">{detail[props.method]}</p>
      <div className="latch-actions">
        <Button disabled={props.busy} onClick={props.onCancel}>
          {text.mfaCancel}
        </Button>
        <Button variant="primary" disabled={props.busy} aria-busy={props.busy} onClick={props.onConfirm}>
          {text.mfaRemoveConfirm}
        </Button>
      </div>
      <p className="latch-status" data-tone={message ? 'error' : undefined} role="status">
        {message}
      </p>
    </ScreenFrame>
  );
}
