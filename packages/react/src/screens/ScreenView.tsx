import { type ReactNode, Suspense } from 'react';
import { LoadingView } from '../components/LoadingView.js';
import { useClientState, useFlowState, useStrings } from '../hooks/index.js';
import { errorScreenText } from '../strings/en.js';
import type { ScreenProps } from './ScreenProps.js';
import { SCREENS } from './screenTable.js';

/** The current screen of the flow, or the loading view until the app is ready. */
export function ScreenView({ titleId }: ScreenProps): ReactNode {
  const flow = useFlowState();
  const client = useClientState();
  const strings = useStrings();
  if (client.status === 'error' && client.error) {
    const content = errorScreenText(strings, client.error);
    return (
      <div className="latch-screen" role="alert">
        <h2 className="latch-title" id={titleId}>
          {content.title}
        </h2>
        <p className="latch-text">{content.detail}</p>
      </div>
    );
  }
  if (client.status !== 'ready' || !flow.screen) return <LoadingView titleId={titleId} />;
  const Screen = SCREENS[flow.screen];
  return (
    <Suspense fallback={<LoadingView titleId={titleId} />}>
      <Screen titleId={titleId} />
    </Suspense>
  );
}
