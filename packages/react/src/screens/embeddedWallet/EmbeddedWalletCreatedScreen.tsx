import type { ReactNode } from 'react';
import { useClientState, useFlowState } from '../../hooks/index.js';
import { useEmbeddedWalletStrings } from '../../hooks/useEmbeddedWalletStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** EMBEDDED_WALLET_CREATED_SCREEN: welcomes a new user, or confirms the account is secured; closes by itself. */
export function EmbeddedWalletCreatedScreen({ titleId }: ScreenProps): ReactNode {
  const text = useEmbeddedWalletStrings();
  const { isNewUser } = useFlowState();
  const { config } = useClientState();
  return (
    <div className="latch-screen">
      <div className="latch-topbar">
        <span />
      </div>
      <h2 className="latch-title" id={titleId}>
        {isNewUser ? text.walletCreatedNewUserTitle.replace('{app}', config?.name ?? '') : text.walletCreatedTitle}
      </h2>
      <p className="latch-text">{isNewUser ? text.walletCreatedNewUserDescription : text.walletCreatedDescription}</p>
    </div>
  );
}
