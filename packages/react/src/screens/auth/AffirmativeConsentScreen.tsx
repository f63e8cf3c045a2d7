import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useClientState, useLatchContext } from '../../hooks/index.js';
import { useAuthScreenStrings } from '../../hooks/useAuthScreenStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** AFFIRMATIVE_CONSENT_SCREEN ('One last step'): links to the terms and policy, 'No thanks' and 'Accept' (the code flow's unless given). */
export function AffirmativeConsentScreen({
  titleId,
  onAccept,
  onDecline,
}: ScreenProps & { onAccept?(): void; onDecline?(): void }): ReactNode {
  const { runner } = useLatchContext();
  const strings = useAuthScreenStrings();
  const { config } = useClientState();
  const terms = config?.legal.termsAndConditionsUrl;
  const privacy = config?.legal.privacyPolicyUrl;
  return (
    <ScreenFrame titleId={titleId} title={strings.consentTitle}>
      <p className="latch-text">{strings.consentText}</p>
      {terms || privacy ? (
        <p className="latch-text">
          {terms ? (
            <a href={terms} target="_blank" rel="noopener noreferrer">
              {strings.termsOfService}
            </a>
          ) : null}
          {terms && privacy ? ` ${strings.and} ` : null}
          {privacy ? (
            <a href={privacy} target="_blank" rel="noopener noreferrer">
              {strings.privacyPolicy}
            </a>
          ) : null}
        </p>
      ) : null}
      <div className="latch-actions">
        <Button onClick={onDecline ?? (() => runner.dispatch({ type: 'declineTerms' }))}>{strings.noThanks}</Button>
        <Button variant="primary" onClick={onAccept ?? (() => runner.dispatch({ type: 'acceptTerms' }))}>
          {strings.accept}
        </Button>
      </div>
    </ScreenFrame>
  );
}
