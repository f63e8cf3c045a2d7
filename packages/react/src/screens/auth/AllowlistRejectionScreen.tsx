import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useClientState, useLatchContext } from '../../hooks/index.js';
import { useAuthScreenStrings } from '../../hooks/useAuthScreenStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** ALLOWLIST_REJECTION_SCREEN: the defaults or the app's texts; a configured link replaces the button's action. */
export function AllowlistRejectionScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const strings = useAuthScreenStrings();
  const { config } = useClientState();
  const custom = config?.allowlistConfig ?? {};
  const cta = custom.errorCtaText ?? strings.allowlistCta;
  return (
    <ScreenFrame
      titleId={titleId}
      title={custom.errorTitle ?? strings.allowlistTitle}
      top={
        <div className="latch-badge" data-tone="error" aria-hidden="true">
          !
        </div>
      }
    >
      <p className="latch-text">{custom.errorDetail ?? strings.allowlistDetail}</p>
      {custom.errorCtaLink ? (
        <a
          className="latch-button"
          data-variant="primary"
          href={custom.errorCtaLink}
          target="_blank"
          rel="noopener noreferrer"
        >
          {cta}
        </a>
      ) : (
        <Button variant="primary" onClick={() => runner.dispatch({ type: 'errorAction' })}>
          {cta}
        </Button>
      )}
    </ScreenFrame>
  );
}
