import type { ReactNode } from 'react';
import { walletFlowStrings as text } from './walletFlowStrings.js';

/** The frame of a wallet-flow screen: optional back, close when the flow is closable, the title, the body. */
export function WalletFlowFrame(props: {
  titleId: string;
  title: ReactNode;
  onBack?: () => void;
  onClose?: () => void;
  top?: ReactNode;
  children?: ReactNode;
}): ReactNode {
  return (
    <div className="latch-screen">
      <div className="latch-topbar">
        {props.onBack ? (
          <button type="button" className="latch-icon-button" aria-label={text.back} onClick={props.onBack}>
            <span aria-hidden="true">←</span>
          </button>
        ) : (
          <span />
        )}
        {props.onClose ? (
          <button type="button" className="latch-icon-button" aria-label={text.close} onClick={props.onClose}>
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
