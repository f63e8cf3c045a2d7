import type { ReactNode } from 'react';
import { PasswordFlowView } from '../embeddedWallet/password/PasswordFlowView.js';
import type { WalletFlowScreenProps } from '../embeddedWallet/walletFlowProps.js';

/** EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN: the password flow that creates the wallet with a password. */
export function EmbeddedWalletPasswordCreateScreen(props: WalletFlowScreenProps): ReactNode {
  return <PasswordFlowView {...props} />;
}
