import type { ReactNode } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useAuthScreenStrings } from '../../hooks/useAuthScreenStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/** EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN: shown while the registered wallet creator runs. */
export function EmbeddedWalletOnAccountCreateScreen({ titleId }: ScreenProps): ReactNode {
  const strings = useAuthScreenStrings();
  return (
    <ScreenFrame titleId={titleId} title={strings.creatingWallet} closable={false}>
      <div className="latch-spinner" role="progressbar" aria-label={strings.creatingWallet} />
    </ScreenFrame>
  );
}
