import type { ReactNode } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { WalletList } from '../../components/WalletList.js';
import { useClientState } from '../../hooks/index.js';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** CONNECT_ONLY_AUTHENTICATED_SCREEN: a logged-in user connects another wallet to the page; it is not linked. */
export function ConnectOnlyAuthenticatedScreen({ titleId }: ScreenProps): ReactNode {
  const strings = useWalletStrings();
  const { config } = useClientState();
  return (
    <ScreenFrame titleId={titleId} title={strings.connectWalletTitle}>
      <p className="latch-text">{strings.connectOnlyAuthenticatedDetail}</p>
      <div className="latch-list">
        <WalletList configured={config?.appearance.walletList ?? []} intent="connect-only" />
      </div>
    </ScreenFrame>
  );
}
