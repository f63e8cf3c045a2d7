import { LatchError } from '@latch/protocol';
import { WALLET_EVENT } from '@latch/protocol/frame';
import { WalletConnectData } from '@latch/protocol/schemas';
import { type ExportPageText, exportErrorText } from '../frameTexts.js';
import type { DerivedWallet } from '../keys/deriveWallet.js';
import { createFrameRouter, type FrameWindow, type ParentWindow, route } from '../router.js';

type Address = `0x${string}`;

/** Where the export page talks to the user: its own document, never a message to the host. */
export interface ExportView {
  /**
   * Shows the code field ("Enter the code we sent to …") and a Verify button; `submit` is called
   * with the typed code and resolves to null once the key is shown, or to a text to show.
   */
  askCode(destination: string, submit: (code: string) => Promise<string | null>): void;
  /** Renders the private key inside the export frame, masked until the user presses Reveal. */
  showKey(wallet: { address: Address; privateKey: `0x${string}` }): void;
  /** Renders a failure (no key). */
  showError(text: string): void;
  /** The page's texts, in the widget's locale. */
  readonly text: ExportPageText;
}

/** What the export page needs from the frame wallet (FrameWallet.startExport). */
export interface ExportWallet {
  startExport(
    accessToken: string,
    address: Address,
  ): Promise<{ destination: string | null; verify(code: string): Promise<DerivedWallet> }>;
}

/** Options of `createExportRouter`. */
interface ExportRouterOptions {
  self: FrameWindow;
  parent: ParentWindow;
  parentOrigin: string;
  /** The address the page was opened for (its `address` query parameter). */
  address: string;
  wallet: ExportWallet;
  view: ExportView;
}

const CODE = /^\d{6}$/;

/**
 * The export page's router (SPEC §7: "the token is passed separately"): the host posts
 * `latch:wallet:connect` with the access token; the page asks the server for a step-up code, shows
 * the code field in its own document and replies `{ address }` once the code is on its way. The key
 * is rebuilt only after the code checks out, shown masked in the page, and never posted.
 */
export function createExportRouter(options: ExportRouterOptions): { start(): void; stop(): void } {
  const { wallet, view } = options;
  const connect = route(WalletConnectData, async (data) => {
    try {
      // Only the wallet the page was opened for: a host cannot switch it by message.
      if (data.address.toLowerCase() !== options.address.toLowerCase())
        throw new LatchError('embedded_wallet_not_found');
      const flow = await wallet.startExport(data.accessToken, data.address as Address);
      if (flow.destination === null) {
        // A step-up already released the share: the key, with no code to ask.
        const unlocked = await flow.verify('');
        view.showKey({ address: unlocked.address, privateKey: unlocked.privateKey });
        return { address: data.address };
      }
      let done = false;
      view.askCode(flow.destination, async (code) => {
        if (done) return null;
        if (!CODE.test(code)) return view.text.codeFormat;
        try {
          const unlocked = await flow.verify(code);
          done = true;
          view.showKey({ address: unlocked.address, privateKey: unlocked.privateKey });
          return null;
        } catch (error) {
          return exportErrorText(error, view.text);
        }
      });
      return { address: data.address };
    } catch (error) {
      view.showError(exportErrorText(error, view.text));
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
