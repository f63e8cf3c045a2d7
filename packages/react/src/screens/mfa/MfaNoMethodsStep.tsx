import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import type { MfaStepProps } from './mfaStepProps.js';

/** SPEC §2: 'Add more security' with Close, when the app offers no MFA method. */
export function MfaNoMethodsStep(props: MfaStepProps & { onClose(): void }): ReactNode {
  const text = useMfaStrings();
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaNoMethodsTitle} onClose={props.onClose}>
      <p className="latch-text">{text.mfaNoMethodsDetail}</p>
      <Button variant="primary" onClick={props.onClose}>
        {text.mfaClose}
      </Button>
    </ScreenFrame>
  );
}
