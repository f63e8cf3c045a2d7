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
        {/* A shield (drawn: an emoji may have no glyph on the user's system). */}
        <svg
          aria-hidden="true"
          width="28"
          height="28"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" strokeLinejoin="round" />
          <path d="M8.5 12l2.5 2.5 4.5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <p className="latch-text">{text.mfaIntroDetail}</p>
      <Button variant="primary" onClick={props.onContinue}>
        {text.mfaContinue}
      </Button>
      <Button onClick={props.onNotNow}>{text.mfaNotNow}</Button>
    </ScreenFrame>
  );
}
