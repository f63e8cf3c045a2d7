import type { MfaMethod } from '@latch/protocol';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { mfaAddedText } from '../../strings/mfaText.js';
import type { MfaStepProps } from './mfaStepProps.js';

/**
 * The end of an enrolment (SPEC §2): '{Authenticator app | SMS | Passkey} verification added', or the
 * removal's confirmation, and Done.
 */
export function MfaEnrolledStep(
  props: MfaStepProps & { method: MfaMethod; result: 'added' | 'removed'; onDone(): void },
): ReactNode {
  const text = useMfaStrings();
  const title = props.result === 'added' ? mfaAddedText(text, props.method) : text.mfaRemoved;
  return (
    <ScreenFrame titleId={props.titleId} title={title} onClose={props.onClose}>
      <div className="latch-badge" aria-hidden="true">
        ✓
      </div>
      {props.result === 'added' ? <p className="latch-text">{text.mfaAddedDetail}</p> : null}
      <Button variant="primary" onClick={props.onDone}>
        {text.mfaDone}
      </Button>
    </ScreenFrame>
  );
}
