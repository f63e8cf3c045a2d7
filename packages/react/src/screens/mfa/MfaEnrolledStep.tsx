import type { MfaMethod } from '@latch/protocol';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { mfaAddedText } from '../../strings/mfaText.js';
import type { MfaStepProps } from './mfaStepProps.js';

/** The end of an enrolment (SPEC §2): '{Authenticator app | SMS | Passkey} verification added' and Done. */
export function MfaEnrolledStep(props: MfaStepProps & { method: MfaMethod; onDone(): void }): ReactNode {
  const text = useMfaStrings();
  return (
    <ScreenFrame titleId={props.titleId} title={mfaAddedText(text, props.method)} onClose={props.onClose}>
      <div className="latch-badge" aria-hidden="true">
        ✓
      </div>
      <p className="latch-text">{text.mfaAddedDetail}</p>
      <Button variant="primary" onClick={props.onDone}>
        {text.mfaDone}
      </Button>
    </ScreenFrame>
  );
}
