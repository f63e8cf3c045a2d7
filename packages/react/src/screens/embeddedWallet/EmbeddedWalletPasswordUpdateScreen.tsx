import type { ReactNode } from 'react';
import { useWalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import type { ScreenProps } from '../ScreenProps.js';
import { PasswordFlowView } from './password/PasswordFlowView.js';

/** EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN: the password flow that sets (or resets) the wallet's password. */
export function EmbeddedWalletPasswordUpdateScreen(props: ScreenProps): ReactNode {
  return <PasswordFlowView {...props} {...useWalletFlow()} />;
}
