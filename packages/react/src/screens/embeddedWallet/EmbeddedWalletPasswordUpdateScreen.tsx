import type { ReactNode } from 'react';
import { PasswordFlowView } from './password/PasswordFlowView.js';
import type { WalletFlowScreenProps } from './walletFlowProps.js';

/** EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN: the password flow that sets (or resets) the wallet's password. */
export function EmbeddedWalletPasswordUpdateScreen(props: WalletFlowScreenProps): ReactNode {
  return <PasswordFlowView {...props} />;
}
