import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useFlowState, useLatchContext, useStrings } from '../../hooks/index.js';
import { actionErrorScreenStrings } from '../../strings/actionErrorScreenStrings.js';
import { errorScreenText } from '../../strings/en.js';
import type { ScreenProps } from '../ScreenProps.js';

/** ERROR_SCREEN: title, detail and button from SPEC §8's table (the catalogue); the button returns to the previous screen. */
export function ErrorScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const { error } = useFlowState();
  const content = errorScreenText({ ...actionErrorScreenStrings, ...useStrings() }, error);
  return (
    <ScreenFrame
      titleId={titleId}
      title={content.title}
      top={
        <div className="latch-badge" data-tone="error" aria-hidden="true">
          !
        </div>
      }
    >
      {content.detail ? <p className="latch-text">{content.detail}</p> : null}
      <Button variant="primary" onClick={() => runner.dispatch({ type: 'errorAction' })}>
        {content.cta}
      </Button>
    </ScreenFrame>
  );
}
