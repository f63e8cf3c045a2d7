import type { ReactNode } from 'react';
import { PhoneForm } from '../../components/PhoneForm.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useAuthScreenStrings } from '../../hooks/useAuthScreenStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** LINK_PHONE_SCREEN ('Connect your phone'): success goes to the code screen, failure to ERROR_SCREEN. */
export function LinkPhoneScreen({ titleId }: ScreenProps): ReactNode {
  const strings = useAuthScreenStrings();
  return (
    <ScreenFrame titleId={titleId} title={strings.linkPhoneTitle}>
      <PhoneForm autoFocus />
    </ScreenFrame>
  );
}
