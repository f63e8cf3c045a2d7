import { LatchError, WALLET_EVENT } from '@latch/protocol';
import { WalletConnectData } from '@latch/protocol/schemas';
import type { DerivedWallet } from '../keys/deriveWallet.js';
import { createFrameRouter, type FrameWindow, type ParentWindow, route } from '../router.js';

type Address = `0x${string}`;

/** Where the export page shows the key: its own document, never a message to the host. */
export interface ExportView {
  /** Renders the private key inside the export frame. */
  showKey(wallet: { address: Address; privateKey: `0x${string}` }): void;
  /** Renders a failure (no key). */
  showError(): void;
}

/** What the export page needs from the frame wallet. */
export interface ExportWallet {
  unlockedWallet(accessToken: string, address: Address): Promise<DerivedWallet>;
}

/** Options of `createExportRouter`. */
export interface ExportRouterOptions {
  self: FrameWindow;
  parent: ParentWindow;
  parentOrigin: string;
  /** The address the page was opened for (its `address` query parameter). */
  address: string;
  wallet: ExportWallet;
  view: ExportView;
}

/**
 * The export page's router (SPEC §7: "the token is passed separately"): the host posts
 * `latch:wallet:connect` with the access token; the page unlocks the wallet with this device's share,
 * renders the key in its own document and replies with the address only. The key is never posted.
 */
export function createExportRouter(options: ExportRouterOptions): { start(): void; stop(): void } {
  const { wallet, view } = options;
  const connect = route(WalletConnectData, async (data) => {
    try {
      // Only the wallet the page was opened for: a host cannot switch it by message.
      if (data.address.toLowerCase() !== options.address.toLowerCase())
        throw new LatchError('embedded_wallet_not_found');
      const unlocked = await wallet.unlockedWallet(data.accessToken, data.address as Address);
      view.showKey({ address: unlocked.address, privateKey: unlocked.privateKey });
      return { address: unlocked.address };
    } catch (error) {
      view.showError();
      throw error;
    }
  });
  return createFrameRouter({
    self: options.self,
    parent: options.parent,
    parentOrigin: options.parentOrigin,
    routes: { [WALLET_EVENT.walletConnect]: connect },
  });
}
