import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useLatchContext } from '../../hooks/index.js';
import { useAuthScreenStrings } from '../../hooks/useAuthScreenStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** USER_LIMIT_REACHED_SCREEN: 'Unable to sign in' with 'Go back' to the start of the flow. */
export function UserLimitReachedScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const strings = useAuthScreenStrings();
  return (
    <ScreenFrame
      titleId={titleId}
      title={strings.userLimitTitle}
      top={
        <div className="latch-badge" data-tone="error" aria-hidden="true">
          !
        </div>
      }
    >
      <p className="latch-text">{strings.userLimitDetail}</p>
      <Button variant="primary" onClick={() => runner.dispatch({ type: 'errorAction' })}>
        {strings.goBack}
      </Button>
    </ScreenFrame>
  );
}
