import type { ReactNode } from 'react';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import type { ScreenProps } from '../ScreenProps.js';
import { PasswordFlowView } from './password/PasswordFlowView.js';

/** EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN: the password flow that creates the wallet with a password. */
export function EmbeddedWalletPasswordCreateScreen(props: ScreenProps): ReactNode {
  return <PasswordFlowView {...props} {...useWalletFlow()} />;
}
