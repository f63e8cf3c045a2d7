import { LatchError, TIMEOUT, type User } from '@latch/protocol';
import type { Clock } from '../clock.js';
import { openOAuthPopup, takeOAuthPopup } from '../oauth/openOAuthPopup.js';
import { type CloudPopup, waitForCloudPopup } from './cloudPopupReturn.js';
import type { CloudMethod } from './cloudRecoveryStep.js';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import {
  type EmbeddedWalletClient,
  type EmbeddedWalletController,
  refreshedUserWith,
  tokenOrFail,
  walletOrFail,
} from './embeddedWalletController.js';

/** The cloud backup calls of the wallet flows (docs/cloud-backup.md), loaded with them. */
export interface CloudActions {
  /**
   * One cloud round trip: the provider's window (opened by the user's click), then the frame. `create` makes the
   * wallet backed up to `method`, `replace` switches the wallet's recovery to it, `recover` restores the wallet on
   * this device from it. Returns the refreshed user (create, replace) or `user` (recover).
   */
  run(user: User, method: CloudMethod, mode: 'create' | 'replace' | 'recover'): Promise<User>;
}

/** The page the callback sends the provider's window back to: this one, without its fragment. */
function returnAddress(): { href: string; origin: string } {
  const here = globalThis.location;
  if (!here) throw new LatchError('invalid_data', 'A cloud backup needs a page address to return to.');
  const page = new URL(here.href);
  page.hash = '';
  return { href: page.toString(), origin: page.origin };
}

/** Builds the cloud calls over the same client, bridge and controller as the rest of the wallet. */
export function createCloudActions(deps: {
  client: EmbeddedWalletClient;
  bridge: EmbeddedWalletBridge;
  controller: EmbeddedWalletController;
  clock: Clock;
}): CloudActions {
  const { client, bridge, controller, clock } = deps;

  /** The frame's recovery OAuth round trip in the window the click opened: its code and state for the frame. */
  async function authorize(method: CloudMethod, purpose: 'backup' | 'recover') {
    // Opened by the click (null: blocked); else opened now, still inside the click when the flow was loaded before.
    let popup = takeOAuthPopup();
    if (popup === undefined) {
      openOAuthPopup();
      popup = takeOAuthPopup() ?? null;
    }
    if (!popup) throw new LatchError('unknown_auth_error', 'popup_blocked');
    try {
      const frame = (await bridge.load?.()) ?? bridge;
      if (!frame.cloudAuthInit) throw new LatchError('internal_error', 'The wallet frame has no cloud backups.');
      // The frame proves this device to the server: its key is registered first (a fresh login's grant).
      await controller.registerDevice().catch(() => undefined);
      const accessToken = await tokenOrFail(client);
      const back = returnAddress();
      const { url, stateCode } = await frame.cloudAuthInit({
        accessToken,
        provider: method,
        purpose,
        redirectTo: back.href,
      });
      popup.location.href = url;
      const authorizationCode = await waitForCloudPopup({
        popup: popup as unknown as CloudPopup,
        origin: back.origin,
        stateCode,
        clock,
      });
      return { authorizationCode, stateCode };
    } finally {
      if (!popup.closed) popup.close();
    }
  }

  return {
    async run(user, method, mode) {
      if (mode === 'recover') {
        const wallet = walletOrFail(user);
        const cloudAuth = await authorize(method, 'recover');
        const accessToken = await tokenOrFail(client);
        await bridge.recover({ accessToken, address: wallet.address, recoveryMethod: method, cloudAuth });
        controller.remember(wallet);
        return user;
      }
      // A replacement re-splits the key: the wallet must be unlocked on this device first.
      const current = mode === 'replace' ? await controller.connect(user) : null;
      const cloudAuth = await authorize(method, 'backup');
      const accessToken = await tokenOrFail(client);
      let address: string;
      if (current) {
        const frame = (await bridge.load?.()) ?? bridge;
        if (!frame.setRecoveryCloud) throw new LatchError('internal_error', 'The wallet frame has no cloud backups.');
        ({ address } = await frame.setRecoveryCloud({
          accessToken,
          address: current.address,
          provider: method,
          cloudAuth,
        }));
      } else {
        ({ address } = await bridge.create(
          { accessToken, recoveryMethod: method, cloudAuth },
          TIMEOUT.walletProxyInCreationFlow,
        ));
      }
      const refreshed = await refreshedUserWith(client, address);
      controller.remember(walletOrFail(refreshed));
      return refreshed;
    },
  };
}
