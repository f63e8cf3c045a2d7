import type { User } from '@latch/protocol';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import {
  type EmbeddedWalletClient,
  type EmbeddedWalletController,
  type EmbeddedWalletInfo,
  refreshedUserWith,
  tokenOrFail,
  walletOrFail,
} from './embeddedWalletController.js';

/** The password calls of the wallet flows, loaded with them (out of the initial JavaScript). */
export interface PasswordActions {
  /** Restores a password wallet on this device ('Invalid recovery password, please try again.' when wrong). */
  recoverWithPassword(user: User, password: string): Promise<EmbeddedWalletInfo>;
  /** Sets (or replaces) the recovery password of the user's wallet; returns the refreshed user. */
  setRecoveryPassword(user: User, password: string): Promise<User>;
}

/** Builds the password calls over the same client, bridge and controller as the rest of the wallet. */
export function createPasswordActions(deps: {
  client: EmbeddedWalletClient;
  bridge: EmbeddedWalletBridge;
  controller: EmbeddedWalletController;
}): PasswordActions {
  const { client, bridge, controller } = deps;
  return {
    async recoverWithPassword(user, password) {
      const wallet = walletOrFail(user);
      const accessToken = await tokenOrFail(client);
      await bridge.recover({ accessToken, address: wallet.address, recoveryMethod: 'user-passcode', password });
      controller.remember(wallet);
      return wallet;
    },
    async setRecoveryPassword(user, password) {
      // The frame re-splits the key, so it needs the wallet unlocked on this device first.
      const wallet = await controller.connect(user);
      const accessToken = await tokenOrFail(client);
      await bridge.setRecoveryPassword({ accessToken, address: wallet.address, password });
      const refreshed = await refreshedUserWith(client, wallet.address);
      controller.remember(walletOrFail(refreshed));
      return refreshed;
    },
  };
}
