import type { ReactNode } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';

/** The frame of a wallet-flow screen: optional back, close only when the flow is closable, the title, the body. */
export function WalletFlowFrame(props: {
  titleId: string;
  title: ReactNode;
  onBack?: () => void;
  onClose?: () => void;
  top?: ReactNode;
  children?: ReactNode;
}): ReactNode {
  return <ScreenFrame {...props} closable={props.onClose !== undefined} />;
}
