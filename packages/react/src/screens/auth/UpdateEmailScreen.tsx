import type { ReactNode } from 'react';
import { EmailForm } from '../../components/EmailForm.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useFlowState } from '../../hooks/index.js';
import { useAuthScreenStrings } from '../../hooks/useAuthScreenStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** UPDATE_EMAIL_SCREEN ('Update your email'): a separate input for the new address, which gets a confirmation code. */
export function UpdateEmailScreen({ titleId }: ScreenProps): ReactNode {
  const strings = useAuthScreenStrings();
  const { otp } = useFlowState();
  return (
    <ScreenFrame titleId={titleId} title={strings.updateEmailTitle}>
      <p className="latch-text">
        <strong>{otp.previousAddress}</strong>
      </p>
      <p className="latch-text">{strings.updateEmailDetail}</p>
      <EmailForm autoFocus label={strings.newEmailLabel} />
    </ScreenFrame>
  );
}
