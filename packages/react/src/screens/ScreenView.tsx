import { errorScreenContent } from '@latch/protocol';
import { type ReactNode, Suspense } from 'react';
import { LoadingView } from '../components/LoadingView.js';
import { useClientState, useFlowState } from '../hooks/index.js';
import type { ScreenProps } from './ScreenProps.js';
import { SCREENS } from './screenTable.js';

/** The current screen of the flow, or the loading view until the app is ready. */
export function ScreenView({ titleId }: ScreenProps): ReactNode {
  const flow = useFlowState();
  const client = useClientState();
  if (client.status === 'error' && client.error) {
    const content = errorScreenContent(client.error);
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
