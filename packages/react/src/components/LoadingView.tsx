import type { ReactNode } from 'react';
import { useStrings } from '../hooks/index.js';

/** Shown until the app is ready (SPEC §2) and while a screen's code loads. */
export function LoadingView({ titleId }: { titleId: string }): ReactNode {
  const strings = useStrings();
  return (
    <div className="latch-screen" aria-busy="true">
      <div className="latch-center">
        <h2 className="latch-sr-only" id={titleId}>
          {strings.loading}
        </h2>
        <div className="latch-spinner" role="progressbar" aria-label={strings.loading} />
      </div>
    </div>
  );
}
