import type { WalletFlow } from '../../embeddedWallet/WalletFlowContext.js';
import type { ScreenProps } from '../ScreenProps.js';

/** What the parts of a wallet-flow screen (the password steps) render from: the screen's props and the open flow. */
export type WalletFlowScreenProps = ScreenProps & WalletFlow;
