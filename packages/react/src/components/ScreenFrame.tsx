import type { ReactNode } from 'react';
import { useLatchContext } from '../hooks/index.js';

/** The frame every screen shares: back and close buttons, the title that labels the dialog, the body. */
export function ScreenFrame(props: {
  title: ReactNode;
  titleId: string;
  onBack?: () => void;
  /** Shown above the title (logo, icon). */
  top?: ReactNode;
  /** Screens that cannot be left while something runs hide the close button. */
  closable?: boolean;
  /** What close does (default: close the login flow); screens of other dialogs pass their own. */
  onClose?: () => void;
  children?: ReactNode;
}): ReactNode {
  const { runner, strings, embeds } = useLatchContext();
  // An inline embed has nothing to close the login flow back to; a screen with its own close keeps it.
  const closable = (props.closable ?? true) && (props.onClose !== undefined || embeds.current === 0);
  return (
    <div className="latch-screen">
      <div className="latch-topbar">
        {props.onBack ? (
          <button type="button" className="latch-icon-button" aria-label={strings.back} onClick={props.onBack}>
            <span aria-hidden="true">←</span>
          </button>
        ) : (
          <span />
        )}
        {closable ? (
          <button
            type="button"
            className="latch-icon-button"
            aria-label={strings.close}
            onClick={props.onClose ?? (() => runner.dispatch({ type: 'close' }))}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      {props.top}
      <h2 className="latch-title" id={props.titleId}>
        {props.title}
      </h2>
      {props.children}
    </div>
  );
}
