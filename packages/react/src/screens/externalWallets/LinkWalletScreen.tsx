import type { ReactNode } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { WalletList } from '../../components/WalletList.js';
import { useClientState, useLatchContext } from '../../hooks/index.js';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import { format } from '../../strings/format.js';
import type { ScreenProps } from '../ScreenProps.js';

/** LINK_WALLET_SCREEN: 'Connect your wallet', or 'Reconnect your wallet' with the hinted address (SPEC §2). */
export function LinkWalletScreen({ titleId }: ScreenProps): ReactNode {
  const strings = useWalletStrings();
  const { config } = useClientState();
  const hint = useLatchContext().wallets.linkHint();
  return (
    <ScreenFrame titleId={titleId} title={hint ? strings.relinkWalletTitle : strings.linkWalletTitle}>
      {/* overflowWrap: a 42-character address has no break opportunity of its own. */}
      <p className="latch-text" style={{ overflowWrap: 'anywhere' }}>
        {hint ? format(strings.linkWalletHint, { address: hint }) : strings.linkWalletDetail}
      </p>
      <div className="latch-list">
        <WalletList configured={config?.appearance.walletList ?? []} intent="link" />
      </div>
    </ScreenFrame>
  );
}
