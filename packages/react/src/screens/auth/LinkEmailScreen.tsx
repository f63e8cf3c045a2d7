import type { ReactNode } from 'react';
import { EmailForm } from '../../components/EmailForm.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useAuthScreenStrings } from '../../hooks/useAuthScreenStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** LINK_EMAIL_SCREEN ('Connect your email'): an address, then a code to AWAITING_PASSWORDLESS_CODE. */
export function LinkEmailScreen({ titleId }: ScreenProps): ReactNode {
  const strings = useAuthScreenStrings();
  return (
    <ScreenFrame titleId={titleId} title={strings.linkEmailTitle}>
      <EmailForm autoFocus />
    </ScreenFrame>
  );
}
