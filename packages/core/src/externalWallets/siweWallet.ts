import type { SiweWallet } from '../actions/walletActions.js';
import type { WalletConnection, WalletConnector } from './injectedConnector.js';

/** The signer the wallet actions need, from a connector and the account it connected. */
export function siweWallet(connector: WalletConnector, connection: WalletConnection): SiweWallet {
  return {
    address: connection.address,
    chainId: connection.chainId,
    walletClientType: connector.walletClientType,
    connectorType: connector.connectorType,
    signMessage: (message) => connector.signMessage(connection.address, message),
  };
}
