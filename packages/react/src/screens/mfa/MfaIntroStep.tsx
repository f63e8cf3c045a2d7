import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import type { MfaStepProps } from './mfaStepProps.js';

/** MFA enrolment's intro (SPEC §2): 'Transaction Protection' with Continue and 'Not now'. */
export function MfaIntroStep(props: MfaStepProps & { onContinue(): void; onNotNow(): void }): ReactNode {
  const text = useMfaStrings();
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaIntroTitle} onClose={props.onClose}>
      <div className="latch-badge" aria-hidden="true">
        🛡
      </div>
      <p className="latch-text">{text.mfaIntroDetail}</p>
      <Button variant="primary" onClick={props.onContinue}>
        {text.mfaContinue}
      </Button>
      <Button onClick={props.onNotNow}>{text.mfaNotNow}</Button>
    </ScreenFrame>
  );
}
