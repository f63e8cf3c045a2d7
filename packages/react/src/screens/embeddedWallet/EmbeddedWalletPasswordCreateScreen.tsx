import type { ReactNode } from 'react';
import { PasswordFlowView } from './password/PasswordFlowView.js';
import type { WalletFlowScreenProps } from './walletFlowProps.js';

/** EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN: the password flow that creates the wallet with a password. */
export function EmbeddedWalletPasswordCreateScreen(props: WalletFlowScreenProps): ReactNode {
  return <PasswordFlowView {...props} />;
}
