import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useLatchContext } from '../../hooks/index.js';
import { useAuthScreenStrings } from '../../hooks/useAuthScreenStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** LOGIN_FAILED_SCREEN: the login's last steps failed (accepting terms, creating the wallet); start again. */
export function LoginFailedScreen({ titleId, onTryAgain }: ScreenProps & { onTryAgain?(): void }): ReactNode {
  const { runner } = useLatchContext();
  const strings = useAuthScreenStrings();
  return (
    <ScreenFrame
      titleId={titleId}
      title={strings.loginFailedTitle}
      top={
        <div className="latch-badge" data-tone="error" aria-hidden="true">
          !
        </div>
      }
    >
      <p className="latch-text">{strings.loginFailedDetail}</p>
      <Button variant="primary" onClick={onTryAgain ?? (() => runner.dispatch({ type: 'errorAction' }))}>
        {strings.tryAgain}
      </Button>
    </ScreenFrame>
  );
}
